import { keyframes, style, styleVariants } from '@vanilla-extract/css';
import { barFill, barTrack } from '../styles/rules';
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

export const track = style(barTrack('8px'));

export const fill = style(barFill);

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
