import { globalStyle, style } from '@vanilla-extract/css';
import { mediaBelow, mediaFrom } from '../styles/media';
import { vars } from '../theme/theme.css';

export const root = style({
  minHeight: '100vh',
  display: 'flex',
  flexDirection: 'column',
  backgroundColor: vars.color.background,
  color: vars.color.text,
});

export const header = style({
  position: 'sticky',
  top: 0,
  zIndex: vars.zIndex.navbar,
  height: vars.layout.navbarHeight,
  flexShrink: 0,
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.large,
  paddingInline: vars.space.medium,
  backgroundColor: vars.color.navbarBackground,
  color: vars.color.navbarText,
  borderBottom: `1px solid ${vars.color.navbarBorder}`,
});

globalStyle(`${header} :focus-visible`, { outlineColor: vars.color.navbarFocusRing });

export const brand = style({
  display: 'flex',
  alignItems: 'center',
  flexShrink: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.bold,
  color: vars.color.navbarText,
});

export const brandLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  color: 'inherit',
  textDecoration: 'none',
  selectors: { '&:hover': { color: 'inherit' } },
});

export const nav = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minWidth: 0,
  height: '100%',
  overflowX: 'auto',
});

export const actions = style({
  marginLeft: 'auto',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  flexShrink: 0,
});

export const main = style({
  flexGrow: 1,
  // As the body's: the footer starts below the first screen (see `body`).
  minHeight: `calc(100vh - ${vars.layout.navbarHeight})`,
  width: '100%',
  minWidth: 0,
  maxWidth: vars.layout.contentMaxWidth,
  marginInline: 'auto',
  padding: vars.space.large,
  selectors: { '&:focus': { outline: 'none' } },
});

export const body = style({
  flexGrow: 1,
  // The footer starts below the first screen, so content that arrives later pushes nothing visible down.
  minHeight: `calc(100vh - ${vars.layout.navbarHeight})`,
  display: 'flex',
  flexDirection: 'column',
  width: '100%',
  '@media': { [mediaFrom.tablet]: { flexDirection: 'row' } },
});

export const side = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  paddingBlock: vars.space.medium,
  backgroundColor: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
  '@media': {
    [mediaFrom.tablet]: {
      position: 'sticky',
      top: vars.layout.navbarHeight,
      alignSelf: 'flex-start',
      width: '240px',
      flexShrink: 0,
      minHeight: `calc(100vh - ${vars.layout.navbarHeight})`,
      borderBottom: 'none',
      borderRight: `1px solid ${vars.color.border}`,
    },
  },
});

/** With a menu button, the navigation in the navbar is for wide screens only (the drawer holds it below). */
export const navCollapsible = style({
  '@media': { [mediaBelow.desktop]: { display: 'none' } },
});

export const menuButton = style({
  color: vars.color.navbarText,
  flexShrink: 0,
  '@media': { [mediaFrom.desktop]: { display: 'none' } },
});

export const footer = style({
  flexShrink: 0,
  borderTop: `1px solid ${vars.color.border}`,
  backgroundColor: vars.color.surface,
  paddingBlock: vars.space.large,
  paddingInline: vars.space.large,
});
