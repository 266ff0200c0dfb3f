import { globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { vars } from '../theme/theme.css';

export const scroller = style({
  position: 'relative',
  overflow: 'auto',
  overscrollBehavior: 'contain',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const table = style({
  width: '100%',
  tableLayout: 'fixed',
  borderCollapse: 'separate',
  borderSpacing: 0,
  fontFamily: vars.font.family,
  fontSize: vars.font.size.small,
  lineHeight: vars.font.lineHeight.tight,
});

export const caption = style({
  captionSide: 'top',
  textAlign: 'left',
  padding: vars.space.medium,
  fontSize: vars.font.size.large,
  fontWeight: vars.font.weight.semibold,
});

export const headerCell = style({
  position: 'sticky',
  top: 0,
  zIndex: 1,
  height: '44px',
  paddingInline: vars.space.small,
  backgroundColor: vars.color.surfaceRaised,
  color: vars.color.text,
  fontWeight: vars.font.weight.bold,
  textAlign: 'left',
  whiteSpace: 'nowrap',
  overflow: 'hidden',
  textOverflow: 'ellipsis',
  borderBottom: `1px solid ${vars.color.borderStrong}`,
});

/** A header takes its column's `align`, as the cells do. */
export const headerAlign = styleVariants({
  start: {},
  center: { textAlign: 'center' },
  end: { textAlign: 'right' },
});

export const sortButton = style({
  display: 'inline-flex',
  alignItems: 'center',
  gap: vars.space.xsmall,
  maxWidth: '100%',
  minHeight: '32px',
  margin: 0,
  padding: `0 ${vars.space.xsmall}`,
  marginInline: `calc(-1 * ${vars.space.xsmall})`,
  border: 'none',
  borderRadius: vars.radius.small,
  background: 'none',
  color: 'inherit',
  font: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.ghostBackgroundHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
});

export const sortLabel = style({ overflow: 'hidden', textOverflow: 'ellipsis' });

export const sortIcon = style({ width: '14px', height: '14px', flexShrink: 0 });

export const row = style({
  selectors: {
    '&:hover': { backgroundColor: vars.color.ghostBackgroundHover },
    '&[data-selected="true"]': { backgroundColor: vars.color.surfaceRaised },
  },
});

export const cell = recipe({
  base: {
    height: '48px',
    paddingInline: vars.space.small,
    borderBottom: `1px solid ${vars.color.border}`,
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
  },
  variants: {
    align: { start: { textAlign: 'left' }, end: { textAlign: 'right' }, center: { textAlign: 'center' } },
  },
  defaultVariants: { align: 'start' },
});

export type CellVariants = NonNullable<RecipeVariants<typeof cell>>;

export const checkboxCell = style({ width: '48px', textAlign: 'center' });

export const checkbox = style({
  width: '18px',
  height: '18px',
  margin: 0,
  verticalAlign: 'middle',
  accentColor: vars.color.controlChecked,
  cursor: 'pointer',
  selectors: {
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '2px' },
  },
});

export const spacer = style({ padding: 0, border: 'none' });

export const message = style({
  padding: vars.space.xlarge,
  textAlign: 'center',
  color: vars.color.textMuted,
  whiteSpace: 'normal',
});

globalStyle(`${headerCell}${checkboxCell}`, { textAlign: 'center' });
