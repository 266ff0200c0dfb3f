import { style } from '@vanilla-extract/css';
import { roundQuietButton, roundQuietButtonStates } from '../styles/rules';
import { vars } from '../theme/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, minWidth: 0 });

export const label = style({
  fontWeight: vars.font.weight.semibold,
  fontSize: vars.font.size.standard,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

/** controlPlacement="before": the control in a row before label, hint and error. */
export const inlineRoot = style({ display: 'flex', alignItems: 'flex-start', gap: vars.space.small });

export const inlineText = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  minWidth: 0,
});

/** The label beside a switch: regular weight, and it dims with a disabled control before it. */
export const inlineLabel = style({
  color: vars.color.text,
  cursor: 'pointer',
  overflowWrap: 'anywhere',
  selectors: {
    '[data-disabled] + div > &, :disabled + div > &, [aria-disabled="true"] + div > &': {
      cursor: 'not-allowed',
      opacity: 0.7,
    },
  },
});

export const hint = style({
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const error = style({
  margin: 0,
  display: 'flex',
  alignItems: 'flex-start',
  gap: vars.space.xsmall,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.critical,
  overflowWrap: 'anywhere',
});

export const errorIcon = style({ width: '1.25em', height: '1.25em', flexShrink: 0 });

/** The shared look of single-line inputs and selects; TextField, PasswordField, SearchField and Select use it. */
export const input = style({
  minHeight: '44px',
  width: '100%',
  paddingInline: vars.space.medium,
  paddingBlock: vars.space.small,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.inputBackground,
  color: vars.color.text,
  fontSize: vars.font.size.standard,
  transition: `border-color ${vars.motion.fast} ${vars.motion.easing}`,
  selectors: {
    '&::placeholder': { color: vars.color.textMuted, opacity: 1 },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
    '&[aria-invalid="true"]': { borderColor: vars.color.critical, borderWidth: '2px' },
    '&:disabled': { opacity: 0.6, cursor: 'not-allowed' },
  },
});

/** Positions icons and buttons inside an input (PasswordField, SearchField, Select). */
export const inputWrapper = style({ position: 'relative', display: 'flex', alignItems: 'center' });

/**
 * A round button inside an input, at its right end: PasswordField's show/hide and SearchField's clear. The input
 * leaves room for it with its own right padding.
 */
export const inputButton = style({
  ...roundQuietButton,
  position: 'absolute',
  right: vars.space.xsmall,
  width: '36px',
  height: '36px',
  selectors: {
    ...roundQuietButtonStates,
    '&:disabled': { cursor: 'not-allowed', opacity: 0.6 },
  },
});
