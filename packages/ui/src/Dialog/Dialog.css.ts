import { keyframes, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

const fadeIn = keyframes({ from: { opacity: 0 }, to: { opacity: 1 } });

export const overlay = style({
  position: 'fixed',
  inset: 0,
  zIndex: vars.zIndex.overlay,
  backgroundColor: vars.color.overlay,
  animation: `${fadeIn} ${vars.motion.standard} ${vars.motion.easing}`,
});

export const content = recipe({
  base: {
    position: 'fixed',
    top: '50%',
    left: '50%',
    zIndex: vars.zIndex.dialog,
    transform: 'translate(-50%, -50%)',
    maxHeight: 'calc(100vh - 32px)',
    overflowY: 'auto',
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.large,
    padding: vars.space.large,
    backgroundColor: vars.color.surface,
    color: vars.color.text,
    border: `1px solid ${vars.color.border}`,
    borderRadius: vars.radius.medium,
    boxShadow: vars.shadow.large,
    fontFamily: vars.font.family,
    animation: `${fadeIn} ${vars.motion.standard} ${vars.motion.easing}`,
    selectors: { '&:focus': { outline: 'none' } },
  },
  variants: {
    size: {
      small: { width: `min(${vars.layout.dialogWidthSmall}, calc(100vw - 32px))` },
      medium: { width: `min(${vars.layout.dialogWidth}, calc(100vw - 32px))` },
      large: { width: `min(${vars.layout.dialogWidthLarge}, calc(100vw - 32px))` },
    },
  },
  defaultVariants: { size: 'medium' },
});

export type ContentVariants = NonNullable<RecipeVariants<typeof content>>;

export const title = style({
  margin: 0,
  fontSize: vars.font.size.xlarge,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  overflowWrap: 'anywhere',
  hyphens: 'auto',
});

export const description = style({
  margin: 0,
  color: vars.color.text,
  lineHeight: vars.font.lineHeight.standard,
});

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  justifyContent: 'flex-end',
  gap: vars.space.small,
});
