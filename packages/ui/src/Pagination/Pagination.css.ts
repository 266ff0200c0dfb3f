import { style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { wrappingRowList } from '../styles/rules';
import { vars } from '../theme/theme.css';

export const list = style({
  ...wrappingRowList,
  fontFamily: vars.font.family,
});

export const button = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.xsmall,
    minWidth: '40px',
    minHeight: '40px',
    paddingInline: vars.space.small,
    border: `1px solid transparent`,
    borderRadius: vars.radius.medium,
    backgroundColor: 'transparent',
    color: vars.color.text,
    font: 'inherit',
    fontSize: vars.font.size.standard,
    textDecoration: 'none',
    fontWeight: vars.font.weight.semibold,
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}`,
    selectors: {
      '&:hover:not(:disabled)': { backgroundColor: vars.color.ghostBackgroundHover, color: vars.color.text },
      '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
      '&:disabled': { cursor: 'not-allowed', opacity: 0.5 },
    },
  },
  variants: {
    current: {
      true: {
        backgroundColor: vars.color.secondaryBackground,
        color: vars.color.secondaryText,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&:hover:not(:disabled)': {
            backgroundColor: vars.color.secondaryBackgroundHover,
            color: vars.color.secondaryText,
          },
        },
      },
      false: {},
    },
  },
  defaultVariants: { current: false },
});

export type ButtonVariants = NonNullable<RecipeVariants<typeof button>>;

export const ellipsis = style({
  minWidth: '24px',
  textAlign: 'center',
  color: vars.color.textMuted,
});

export const icon = style({ width: '16px', height: '16px', flexShrink: 0 });
