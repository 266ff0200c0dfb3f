import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.medium, minWidth: 0 });

export const list = style({
  display: 'flex',
  gap: vars.space.xsmall,
  overflowX: 'auto',
  borderBottom: `1px solid ${vars.color.border}`,
});

export const trigger = style({
  flexShrink: 0,
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  minHeight: '44px',
  paddingInline: vars.space.medium,
  marginBottom: '-1px',
  border: 'none',
  borderBottom: '3px solid transparent',
  backgroundColor: 'transparent',
  color: vars.color.textMuted,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
  cursor: 'pointer',
  whiteSpace: 'nowrap',
  selectors: {
    '&:hover:not([data-disabled]):not([data-state="active"])': {
      color: vars.color.text,
      borderBottomColor: vars.color.borderStrong,
    },
    '&[data-state="active"]': { color: vars.color.text, borderBottomColor: vars.color.link },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
    '&[data-disabled]': { cursor: 'not-allowed', opacity: 0.5 },
  },
});

export const content = style({
  minWidth: 0,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});
