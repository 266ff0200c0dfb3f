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

export const clearIcon = style({ width: '14px', height: '14px' });
