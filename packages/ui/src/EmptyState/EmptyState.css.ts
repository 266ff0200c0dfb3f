import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  display: 'flex',
  flexDirection: 'column',
  alignItems: 'center',
  gap: vars.space.small,
  padding: `${vars.space.xxlarge} ${vars.space.large}`,
  textAlign: 'center',
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.medium,
});

export const icon = style({ width: '40px', height: '40px', color: vars.color.textMuted });

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.bold,
  color: vars.color.text,
  overflowWrap: 'anywhere',
});

export const description = style({
  margin: 0,
  maxWidth: '60ch',
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const action = style({ marginTop: vars.space.small });
