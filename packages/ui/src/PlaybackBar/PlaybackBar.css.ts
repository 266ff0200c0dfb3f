import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.medium,
  padding: vars.space.medium,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.medium,
  fontFamily: vars.font.family,
});

export const info = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  flex: '1 1 16rem',
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
});

export const details = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.medium,
  rowGap: vars.space.xxsmall,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});

export const time = style({
  color: vars.color.text,
  fontVariantNumeric: 'tabular-nums',
  fontWeight: vars.font.weight.semibold,
});

export const controls = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.small });

export const icon = style({ width: '16px', height: '16px', flexShrink: 0 });

export const hint = style({
  flexBasis: '100%',
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});
