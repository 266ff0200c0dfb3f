import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    margin: 0,
    fontFamily: vars.font.family,
    fontWeight: vars.font.weight.bold,
    lineHeight: vars.font.lineHeight.tight,
    color: vars.color.text,
    overflowWrap: 'anywhere',
    hyphens: 'auto',
  },
  variants: {
    level: {
      1: { fontSize: vars.font.size.xxxlarge },
      2: { fontSize: vars.font.size.xxlarge },
      3: { fontSize: vars.font.size.xlarge },
      4: { fontSize: vars.font.size.large, fontWeight: vars.font.weight.semibold },
    },
  },
  defaultVariants: { level: 2 },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;
