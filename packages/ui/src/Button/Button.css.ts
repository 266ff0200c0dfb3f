import { globalStyle, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaTouch, TOUCH_TARGET } from '../styles/media';
import { vars } from '../theme/theme.css';

export const root = recipe({
  base: {
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: vars.space.small,
    position: 'relative',
    border: '2px solid transparent',
    borderRadius: vars.radius.large,
    fontFamily: vars.font.family,
    fontWeight: vars.font.weight.semibold,
    lineHeight: vars.font.lineHeight.tight,
    textAlign: 'center',
    textDecoration: 'none',
    cursor: 'pointer',
    transition: `background-color ${vars.motion.fast} ${vars.motion.easing}, border-color ${vars.motion.fast} ${vars.motion.easing}`,
    selectors: {
      '&:disabled, &[aria-disabled="true"]': { cursor: 'not-allowed', opacity: 0.55 },
      '&[aria-busy="true"]': { cursor: 'progress', opacity: 1 },
    },
    // Under a finger every size is a whole target (media rules come after the sizes, so this wins).
    '@media': { [mediaTouch]: { minHeight: TOUCH_TARGET, minWidth: TOUCH_TARGET } },
  },
  variants: {
    variant: {
      primary: {
        backgroundColor: vars.color.ctaBackground,
        color: vars.color.ctaText,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            backgroundColor: vars.color.ctaBackgroundHover,
          },
        },
      },
      secondary: {
        backgroundColor: vars.color.secondaryBackground,
        color: vars.color.secondaryText,
        borderColor: vars.color.borderStrong,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            backgroundColor: vars.color.secondaryBackgroundHover,
          },
        },
      },
      ghost: {
        backgroundColor: 'transparent',
        color: vars.color.text,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            backgroundColor: vars.color.ghostBackgroundHover,
          },
        },
      },
      danger: {
        backgroundColor: vars.color.dangerBackground,
        color: vars.color.dangerText,
        selectors: {
          '&:hover:not(:disabled):not([aria-disabled="true"])': {
            backgroundColor: vars.color.dangerBackgroundHover,
          },
        },
      },
    },
    size: {
      small: { minHeight: '32px', paddingInline: vars.space.medium, fontSize: vars.font.size.small },
      medium: { minHeight: '40px', paddingInline: vars.space.large, fontSize: vars.font.size.standard },
      large: { minHeight: '48px', paddingInline: vars.space.xlarge, fontSize: vars.font.size.large },
    },
    fullWidth: {
      true: { width: '100%' },
      false: {},
    },
  },
  defaultVariants: { variant: 'primary', size: 'medium', fullWidth: false },
});

export type RootVariants = NonNullable<RecipeVariants<typeof root>>;

export const spinner = style({ width: '1em', height: '1em', flexShrink: 0 });

export const icon = style({ display: 'inline-flex', width: '1.25em', height: '1.25em', flexShrink: 0 });

globalStyle(`${icon} > svg`, { width: '100%', height: '100%' });
