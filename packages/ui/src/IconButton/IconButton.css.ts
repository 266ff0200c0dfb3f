// Button's styles must come first in the CSS so these sizes override its padding and height.
import '../Button/Button.css';
import { globalStyle } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaTouch, TOUCH_TARGET } from '../styles/media';
import { vars } from '../theme/theme.css';

/** Square, round sizing on top of Button's colours (Button.css root supplies variant colours). */
export const root = recipe({
  base: {
    paddingInline: 0,
    borderRadius: vars.radius.full,
    flexShrink: 0,
    // Under a finger the small and medium sizes grow to a whole target; large already is one.
    '@media': { [mediaTouch]: { minWidth: TOUCH_TARGET, minHeight: TOUCH_TARGET } },
  },
  variants: {
    size: {
      small: { width: '32px', height: '32px', minHeight: '32px' },
      medium: { width: '40px', height: '40px', minHeight: '40px' },
      large: { width: '48px', height: '48px', minHeight: '48px' },
    },
  },
  defaultVariants: { size: 'medium' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

globalStyle(`${root.classNames.base} > svg`, { width: '55%', height: '55%', flexShrink: 0 });
