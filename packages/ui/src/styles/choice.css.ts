import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

/**
 * A choice with its label: Checkbox and each option of RadioGroup. The control sits in a row before its label and
 * hint; each component adds its own shape and checked state.
 */
export const row = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.small });

/** The control: 22 px, lined up with the label's first line. */
export const control = style({
  all: 'unset',
  boxSizing: 'border-box',
  flexShrink: 0,
  width: '22px',
  height: '22px',
  marginTop: '1px',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.inputBackground,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

/** Label and hint beside the control. */
export const text = style({ display: 'flex', flexDirection: 'column', minWidth: 0 });

/** Clicking the label chooses; it dims with a disabled control before it. */
export const label = style({
  color: vars.color.text,
  cursor: 'pointer',
  selectors: { '[data-disabled] + div > &': { cursor: 'not-allowed', opacity: 0.7 } },
});
