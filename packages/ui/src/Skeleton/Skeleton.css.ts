import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

const pulse = keyframes({ '0%, 100%': { opacity: 1 }, '50%': { opacity: 0.45 } });

export const root = recipe({
  base: {
    display: 'block',
    backgroundColor: vars.color.surfaceRaised,
    animation: `${pulse} 1.6s ease-in-out infinite`,
  },
  variants: {
    shape: {
      text: { height: '1em', borderRadius: vars.radius.small },
      rectangle: { borderRadius: vars.radius.medium },
      circle: { borderRadius: vars.radius.full },
    },
  },
  defaultVariants: { shape: 'text' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const lines = style({ display: 'flex', flexDirection: 'column', gap: vars.space.small });
