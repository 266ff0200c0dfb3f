import { globalStyle, style } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const root = style({
  position: 'relative',
  display: 'flex',
  flexDirection: 'column',
  minWidth: 0,
  height: '100%',
  overflow: 'hidden',
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  boxShadow: vars.shadow.small,
  fontFamily: vars.font.family,
  transition: `box-shadow ${vars.motion.standard} ${vars.motion.easing}`,
  selectors: {
    '&:hover': { boxShadow: vars.shadow.medium },
    '&:focus-within': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const media = style({
  position: 'relative',
  aspectRatio: '16 / 9',
  backgroundColor: vars.color.surfaceRaised,
  overflow: 'hidden',
});

export const placeholder = recipe({
  base: {
    position: 'absolute',
    inset: 0,
    display: 'flex',
    flexDirection: 'column',
    gap: vars.space.xsmall,
    alignItems: 'center',
    justifyContent: 'center',
    padding: vars.space.small,
    textAlign: 'center',
    fontSize: vars.font.size.small,
    color: vars.color.textMuted,
  },
  variants: {
    // The tone colours the icon and the bottom edge; the text stays muted for its contrast.
    tone: {
      neutral: {},
      info: { borderBottom: `4px solid ${vars.color.info}` },
      warning: { borderBottom: `4px solid ${vars.color.warning}` },
      positive: { borderBottom: `4px solid ${vars.color.positive}` },
    },
  },
  defaultVariants: { tone: 'neutral' },
});

export type PlaceholderVariants = NonNullable<RecipeVariants<typeof placeholder>>;

export const placeholderIcon = style({ display: 'inline-flex', width: '48px', height: '48px' });

globalStyle(`${placeholderIcon} > svg`, { width: '100%', height: '100%' });
globalStyle(`${placeholder.classNames.variants.tone.info} ${placeholderIcon}`, { color: vars.color.info });
globalStyle(`${placeholder.classNames.variants.tone.warning} ${placeholderIcon}`, {
  color: vars.color.warning,
});
globalStyle(`${placeholder.classNames.variants.tone.positive} ${placeholderIcon}`, {
  color: vars.color.positive,
});

export const mediaBadge = style({
  position: 'absolute',
  top: vars.space.small,
  right: vars.space.small,
  paddingInline: vars.space.small,
  paddingBlock: vars.space.xxsmall,
  borderRadius: vars.radius.large,
  backgroundColor: vars.color.background,
  color: vars.color.text,
  fontSize: vars.font.size.small,
  fontWeight: vars.font.weight.bold,
});

export const image = style({
  display: 'block',
  width: '100%',
  height: '100%',
  objectFit: 'cover',
});

export const body = style({
  display: 'flex',
  flexDirection: 'column',
  gap: vars.space.small,
  flexGrow: 1,
  padding: vars.space.medium,
  minWidth: 0,
});

export const title = style({
  margin: 0,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.bold,
  lineHeight: vars.font.lineHeight.tight,
  color: vars.color.text,
  overflowWrap: 'anywhere',
  // Two lines at most even for titles the app did not shorten.
  display: '-webkit-box',
  WebkitLineClamp: 2,
  WebkitBoxOrient: 'vertical',
  overflow: 'hidden',
});

export const titleLink = style({
  color: 'inherit',
  textDecoration: 'none',
  selectors: {
    '&:hover': { textDecoration: 'underline' },
    '&:focus-visible': { outline: 'none' },
    // The whole card is the link target; other controls sit above this layer.
    '&::after': { content: '""', position: 'absolute', inset: 0, zIndex: 0 },
  },
});

export const tags = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.xsmall });

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.small,
  rowGap: vars.space.xxsmall,
  margin: 0,
  fontSize: vars.font.size.small,
  color: vars.color.textMuted,
});

export const footer = style({
  position: 'relative',
  zIndex: 1,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  justifyContent: 'space-between',
  gap: vars.space.small,
  marginTop: 'auto',
});

globalStyle(`${footer} > *`, { position: 'relative', zIndex: 1 });
