import { style } from '@vanilla-extract/css';
import { visuallyHiddenOnPhones } from '../styles/utils.css';
import { vars } from '../theme/theme.css';

export const trigger = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.small,
  minHeight: '44px',
  maxWidth: '260px',
  paddingInline: vars.space.xsmall,
  borderRadius: vars.radius.large,
  color: vars.color.navbarText,
  fontFamily: vars.font.family,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.ghostBackgroundHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.navbarFocusRing}`, outlineOffset: '2px' },
  },
});

export const avatar = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.secondaryBackground,
  color: vars.color.secondaryText,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.bold,
});

/** Name and organisation; on phones only the avatar shows (the text stays the button's accessible name). */
export const text = style([
  { display: 'flex', flexDirection: 'column', minWidth: 0, lineHeight: vars.font.lineHeight.tight },
  visuallyHiddenOnPhones,
]);

const line = style({ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' });

export const name = style([line, { fontWeight: vars.font.weight.semibold }]);

export const detail = style([line, { fontSize: vars.font.size.small, color: vars.color.navbarText }]);

export const chevron = style({ display: 'inline-flex', flexShrink: 0 });
