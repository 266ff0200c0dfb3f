import { keyframes, style } from '@vanilla-extract/css';
import { vars } from '../theme/theme.css';

const slideIn = keyframes({ from: { transform: 'translateX(-100%)' }, to: { transform: 'translateX(0)' } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  backgroundColor: vars.color.overlay,
});

export const content = style({
  position: 'fixed',
  top: 0,
  bottom: 0,
  left: 0,
  zIndex: vars.zIndex.dialog,
  width: 'min(320px, calc(100vw - 48px))',
  display: 'flex',
  flexDirection: 'column',
  overflowY: 'auto',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  borderRight: `1px solid ${vars.color.border}`,
  boxShadow: vars.shadow.large,
  fontFamily: vars.font.family,
  animation: `${slideIn} ${vars.motion.standard} ${vars.motion.easing}`,
  selectors: { '&:focus': { outline: 'none' } },
  '@media': { '(prefers-reduced-motion: reduce)': { animation: 'none' } },
});

export const header = style({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  minHeight: vars.layout.navbarHeight,
  paddingInline: vars.space.medium,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.bold,
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.xxsmall,
  paddingBlock: vars.space.small,
});
