import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/** Leaves room for the show/hide button inside the input. */
export const input = style({ paddingRight: '52px' });

export const toggle = style({
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
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});

export const toggleIcon = style({ width: '20px', height: '20px' });
