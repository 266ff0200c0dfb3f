import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.small });

export const box = style({
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
  borderRadius: vars.radius.small,
  backgroundColor: vars.color.inputBackground,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    '&[data-state="checked"]': {
      backgroundColor: vars.color.controlChecked,
      borderColor: vars.color.controlChecked,
      color: vars.color.controlCheckedText,
    },
    '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    '&[aria-invalid="true"]:not([data-state="checked"])': { borderColor: vars.color.critical },
  },
});

export const text = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, minWidth: 0 });

export const indicator = style({ display: 'flex', width: '16px', height: '16px' });

export const label = style({
  color: vars.color.text,
  cursor: 'pointer',
  lineHeight: vars.font.lineHeight.standard,
  selectors: { '[data-disabled] + div > &': { cursor: 'not-allowed', opacity: 0.7 } },
});
