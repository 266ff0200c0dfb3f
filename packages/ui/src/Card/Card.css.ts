import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  display: 'block',
  margin: 0,
  padding: vars.space.large,
  listStyle: 'none',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.small,
  minWidth: 0,
});
