import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  position: 'fixed',
  top: vars.space.small,
  left: vars.space.small,
  zIndex: vars.zIndex.skipLink,
  padding: `${vars.space.small} ${vars.space.medium}`,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.skipLinkBackground,
  color: vars.color.skipLinkText,
  fontWeight: vars.font.weight.bold,
  textDecoration: 'none',
  // A long label wraps inside the viewport instead of running off its edge.
  maxWidth: `calc(100vw - 2 * ${vars.space.small})`,
  overflowWrap: 'anywhere',
  transform: 'translateY(-200%)',
  selectors: {
    '&:focus, &:focus-visible': { transform: 'none' },
    '&:hover': { color: vars.color.skipLinkText },
  },
});
