import { style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

export const root = style({
  position: 'sticky',
  bottom: 0,
  zIndex: vars.zIndex.navbar,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  paddingBlock: vars.space.medium,
  paddingInline: vars.space.medium,
  marginInline: `calc(-1 * ${vars.space.medium})`,
  backgroundColor: vars.color.surface,
  borderTop: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.medium,
});
