import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.small,
  color: vars.color.text,
  lineHeight: vars.font.lineHeight.tight,
});

const pulse = keyframes({
  '0%': { transform: 'rotate(0deg)' },
  '100%': { transform: 'rotate(360deg)' },
});

// Each status also has its own shape, so it reads without colour (and without the label when hidden).
export const dot = recipe({
  base: {
    flexShrink: 0,
    width: '10px',
    height: '10px',
    boxSizing: 'border-box',
  },
  variants: {
    status: {
      online: { borderRadius: vars.radius.full, backgroundColor: vars.color.positive },
      offline: { borderRadius: vars.radius.full, border: `2px solid ${vars.color.textMuted}` },
      syncing: {
        borderRadius: vars.radius.full,
        border: `2px solid ${vars.color.info}`,
        borderRightColor: 'transparent',
        '@media': {
          '(prefers-reduced-motion: no-preference)': { animation: `${pulse} 1s linear infinite` },
        },
      },
      error: { backgroundColor: vars.color.critical, transform: 'rotate(45deg) scale(0.85)' },
    },
  },
});

export type DotVariants = NonNullable<RecipeVariants<typeof dot>>;
