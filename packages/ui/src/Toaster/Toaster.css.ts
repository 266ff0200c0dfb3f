import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

const slideIn = keyframes({
  from: { transform: 'translateX(calc(100% + 16px))' },
  to: { transform: 'translateX(0)' },
});

export const viewport = style({
  position: 'fixed',
  top: `calc(${vars.layout.navbarHeight} + ${vars.space.small})`,
  right: 0,
  zIndex: vars.zIndex.toast,
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  width: '420px',
  maxWidth: '100vw',
  margin: 0,
  padding: vars.space.medium,
  listStyle: 'none',
  outline: 'none',
});

export const root = recipe({
  base: {
    display: 'grid',
    gridTemplateColumns: 'auto 1fr auto',
    alignItems: 'start',
    columnGap: vars.space.small,
    padding: vars.space.medium,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderLeftWidth: '6px',
    borderRadius: vars.radius.medium,
    boxShadow: vars.shadow.large,
    selectors: {
      '&[data-state="open"]': { animation: `${slideIn} ${vars.motion.standard} ${vars.motion.easing}` },
      '&[data-swipe="move"]': { transform: 'translateX(var(--radix-toast-swipe-move-x))' },
      '&[data-swipe="end"]': { transform: 'translateX(var(--radix-toast-swipe-end-x))' },
    },
  },
  variants: {
    tone: {
      success: { borderLeftColor: vars.color.positive },
      error: { borderLeftColor: vars.color.critical },
      warning: { borderLeftColor: vars.color.warning },
      info: { borderLeftColor: vars.color.info },
    },
  },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const icon = recipe({
  base: { width: '22px', height: '22px', marginTop: '1px' },
  variants: {
    tone: {
      success: { color: vars.color.positive },
      error: { color: vars.color.critical },
      warning: { color: vars.color.warning },
      info: { color: vars.color.info },
    },
  },
});

export const body = style({ display: 'flex', flexDirection: 'column', gap: vars.space.xxsmall, minWidth: 0 });

export const title = style({ fontWeight: vars.font.weight.bold, overflowWrap: 'anywhere' });

export const description = style({
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
  overflowWrap: 'anywhere',
});

export const close = style({
  all: 'unset',
  boxSizing: 'border-box',
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '32px',
  height: '32px',
  marginTop: '-5px',
  marginRight: '-5px',
  borderRadius: vars.radius.full,
  color: vars.color.text,
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.surfaceRaised },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '1px' },
  },
});

export const closeIcon = style({ width: '16px', height: '16px' });
