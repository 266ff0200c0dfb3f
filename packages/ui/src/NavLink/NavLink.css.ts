import { globalStyle, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaBelow } from '../styles/media';
import { visuallyHiddenOnPhones } from '../styles/utils.css';
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
    placement: {
      navbar: {},
      // On the surface of the side navigation: a bar at the start instead of an underline.
      side: {
        display: 'flex',
        minHeight: '44px',
        paddingInline: vars.space.medium,
        borderBottom: 'none',
        borderLeft: '3px solid transparent',
        borderRadius: 0,
        color: vars.color.text,
        whiteSpace: 'normal',
        overflowWrap: 'anywhere',
        selectors: {
          '&:hover': { color: vars.color.text, backgroundColor: vars.color.ghostBackgroundHover },
        },
      },
    },
  },
  compoundVariants: [
    {
      variants: { placement: 'side', active: true },
      style: {
        color: vars.color.link,
        borderLeftColor: vars.color.link,
        backgroundColor: vars.color.surfaceRaised,
        selectors: { '&:hover': { color: vars.color.link, borderLeftColor: vars.color.link } },
      },
    },
  ],
  defaultVariants: { active: false, placement: 'navbar' },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const icon = style({
  display: 'inline-flex',
  width: '22px',
  height: '22px',
  marginRight: vars.space.xsmall,
  flexShrink: 0,
  '@media': { [mediaBelow.tablet]: { marginRight: 0 } },
});

globalStyle(`${icon} > svg`, { width: '100%', height: '100%' });

/** Visually hidden on phones, still read: the link keeps its name. */
export const collapsibleText = visuallyHiddenOnPhones;
