import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    margin: 0,
    fontFamily: vars.font.family,
    lineHeight: vars.font.lineHeight.standard,
    overflowWrap: 'anywhere',
  },
  variants: {
    tone: {
      neutral: { color: vars.color.text },
      muted: { color: vars.color.textMuted },
      critical: { color: vars.color.critical },
      positive: { color: vars.color.positive },
      warning: { color: vars.color.warning },
    },
    size: {
      small: { fontSize: vars.font.size.small },
      standard: { fontSize: vars.font.size.standard },
      large: { fontSize: vars.font.size.large },
    },
    weight: {
      regular: { fontWeight: vars.font.weight.regular },
      semibold: { fontWeight: vars.font.weight.semibold },
      bold: { fontWeight: vars.font.weight.bold },
    },
  },
  defaultVariants: { tone: 'neutral', size: 'standard', weight: 'regular' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;
