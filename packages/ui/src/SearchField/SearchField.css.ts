import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const input = style({
  paddingLeft: '40px',
  paddingRight: '44px',
  selectors: {
    // The browser's own clear button would duplicate ours.
    '&::-webkit-search-cancel-button': { display: 'none' },
    '&::-webkit-search-decoration': { display: 'none' },
  },
});

export const searchIcon = style({
  position: 'absolute',
  left: vars.space.small,
  width: '22px',
  height: '22px',
  color: vars.color.textMuted,
  pointerEvents: 'none',
});

export const clear = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'absolute',
  right: vars.space.xsmall,
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '36px',
  height: '36px',
  borderRadius: vars.radius.full,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

export const clearIcon = style({ width: '14px', height: '14px' });
