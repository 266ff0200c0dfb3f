import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    minHeight: '40px',
    paddingInline: vars.space.small,
    borderBottom: '3px solid transparent',
    color: vars.color.navbarText,
    fontWeight: vars.font.weight.semibold,
    textDecoration: 'none',
    whiteSpace: 'nowrap',
    selectors: {
      '&:hover': { color: vars.color.navbarText, borderBottomColor: vars.color.borderStrong },
    },
  },
  variants: {
    active: {
      true: {
        color: vars.color.navActive,
        borderBottomColor: vars.color.navActive,
        selectors: { '&:hover': { color: vars.color.navActive, borderBottomColor: vars.color.navActive } },
      },
      false: {},
    },
  },
  defaultVariants: { active: false },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;
