import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const slide = keyframes({
  from: { transform: 'translateX(-100%)' },
  to: { transform: 'translateX(250%)' },
});

export const root = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xsmall, minWidth: 0 });

export const header = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.small,
  fontSize: vars.font.size.small,
});

export const label = style({ fontWeight: vars.font.weight.semibold, overflowWrap: 'anywhere' });

export const valueText = style({ color: vars.color.textMuted, whiteSpace: 'nowrap' });

export const track = style({
  position: 'relative',
  height: '8px',
  overflow: 'hidden',
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surfaceRaised,
  border: `1px solid ${vars.color.borderStrong}`,
});

export const fill = style({
  height: '100%',
  borderRadius: vars.radius.full,
  transition: `width ${vars.motion.standard} ${vars.motion.easing}`,
});

/** The fill's colour: the control colour while all is well, a feedback colour for a failed or done task. */
export const tone = styleVariants({
  neutral: { backgroundColor: vars.color.controlChecked },
  critical: { backgroundColor: vars.color.critical },
  positive: { backgroundColor: vars.color.positive },
});

export const indeterminate = style({
  width: '40%',
  animation: `${slide} 1.2s ${vars.motion.easing} infinite`,
});
