import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const select = style({
  appearance: 'none',
  paddingRight: '44px',
  cursor: 'pointer',
  selectors: {
    '&:disabled': { cursor: 'not-allowed' },
  },
});

/** The open-list options follow the scheme too (Chromium and Firefox style them). */
export const option = style({ backgroundColor: vars.color.inputBackground, color: vars.color.text });

export const chevron = style({
  position: 'absolute',
  right: vars.space.medium,
  width: '14px',
  height: '14px',
  color: vars.color.text,
  pointerEvents: 'none',
});
