import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const appear = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const content = style({
  zIndex: vars.zIndex.popover,
  maxWidth: 'min(320px, calc(100vw - 16px))',
  paddingBlock: vars.space.xsmall,
  paddingInline: vars.space.small,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.tooltipBackground,
  color: vars.color.tooltipText,
  boxShadow: vars.shadow.medium,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
  animation: `${appear} ${vars.motion.fast} ${vars.motion.easing}`,
});

export const arrow = style({ fill: vars.color.tooltipBackground });
