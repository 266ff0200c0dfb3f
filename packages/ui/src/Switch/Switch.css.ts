import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const track = style({
  all: 'unset',
  boxSizing: 'border-box',
  position: 'relative',
  flexShrink: 0,
  width: '44px',
  height: '24px',
  borderRadius: vars.radius.full,
  border: `2px solid ${vars.color.borderStrong}`,
  backgroundColor: vars.color.inputBackground,
  cursor: 'pointer',
  transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
    // aria-checked, not data-state: a tooltip's trigger (disabledReason) sets data-state to its own open state.
    '&[aria-checked="true"]': {
      backgroundColor: vars.color.controlChecked,
      borderColor: vars.color.controlChecked,
    },
    '&[aria-invalid="true"]': { borderColor: vars.color.critical },
    '&[data-disabled], &[aria-disabled="true"]': { opacity: 0.55, cursor: 'not-allowed' },
  },
});

export const thumb = style({
  display: 'block',
  width: '16px',
  height: '16px',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.borderStrong,
  transform: 'translateX(2px)',
  transition: `transform ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&[data-state="checked"]': {
      backgroundColor: vars.color.controlCheckedText,
      transform: 'translateX(22px)',
    },
  },
});
