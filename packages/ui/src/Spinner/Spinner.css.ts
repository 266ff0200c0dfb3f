import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

const spin = keyframes({ to: { transform: 'rotate(360deg)' } });

export const root = recipe({
  base: { display: 'inline-flex', alignItems: 'center', justifyContent: 'center', color: vars.color.info },
  variants: {
    size: {
      small: { width: '16px', height: '16px' },
      medium: { width: '24px', height: '24px' },
      large: { width: '40px', height: '40px' },
    },
  },
  defaultVariants: { size: 'medium' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

/** Also used by Button while it is loading. */
export const icon = style({
  width: '100%',
  height: '100%',
  animation: `${spin} 0.8s linear infinite`,
});
