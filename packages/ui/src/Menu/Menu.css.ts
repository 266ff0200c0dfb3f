import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

const appear = keyframes({
  from: { opacity: 0, transform: 'translateY(-4px)' },
  to: { opacity: 1, transform: 'translateY(0)' },
});

export const content = style({
  zIndex: vars.zIndex.popover,
  minWidth: '200px',
  maxWidth: 'min(360px, calc(100vw - 16px))',
  padding: vars.space.xsmall,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.medium,
  fontFamily: vars.font.family,
  animation: `${appear} ${vars.motion.fast} ${vars.motion.easing}`,
});

export const item = recipe({
  base: {
    all: 'unset',
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: vars.space.small,
    width: '100%',
    minHeight: '40px',
    paddingInline: vars.space.small,
    borderRadius: vars.radius.small,
    cursor: 'pointer',
    overflowWrap: 'anywhere',
    selectors: {
      '&[data-highlighted]': { backgroundColor: vars.color.surfaceRaised },
      '&[data-disabled]': { opacity: 0.55, cursor: 'not-allowed' },
    },
  },
  variants: {
    tone: {
      neutral: { color: vars.color.text },
      critical: { color: vars.color.critical },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type ItemVariants = NonNullable<RecipeVariants<typeof item>>;

export const itemIcon = style({ display: 'inline-flex', width: '18px', height: '18px', flexShrink: 0 });

export const label = style({
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xsmall,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.semibold,
  color: vars.color.textMuted,
});

export const separator = style({
  height: '1px',
  margin: `${vars.space.xsmall} 0`,
  backgroundColor: vars.color.border,
});
