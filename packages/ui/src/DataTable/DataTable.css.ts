import { type GlobalStyleRule, globalStyle, style, styleVariants } from '@vanilla-extract/css';
import { type RecipeVariants, recipe } from '@vanilla-extract/recipes';
import { mediaBelow, mediaTouch, TOUCH_TARGET } from '../styles/media';
import { clippedAway, linkTouchTarget } from '../styles/rules';
import { vars } from '../theme/theme.css';

/**
 * Where `narrowLayout: 'cards'` draws cards: below the desktop width, as the AppShell's navigation drawer. DataTable.tsx
 * reads it too, to estimate the rows' heights as cards there.
 */
export const cardsMedia = mediaBelow.desktop;

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
  // A narrow column's head wraps rather than being cut ('I. G S V').
  overflowWrap: 'anywhere',
  hyphens: 'auto',
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
  textAlign: 'inherit',
  cursor: 'pointer',
  selectors: {
    '&:hover': { backgroundColor: vars.color.ghostBackgroundHover },
    '&:focus-visible': { outline: `2px solid ${vars.color.focusRing}`, outlineOffset: '-2px' },
  },
  '@media': { [mediaTouch]: { minHeight: TOUCH_TARGET } },
});

export const sortLabel = style({ minWidth: 0 });

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
    // Every value whole: a long one wraps (the row grows, the virtualizer measures it) instead of being cut.
    overflowWrap: 'anywhere',
  },
  variants: {
    align: { start: { textAlign: 'left' }, end: { textAlign: 'right' }, center: { textAlign: 'center' } },
  },
  defaultVariants: { align: 'start' },
});

export type CellVariants = NonNullable<RecipeVariants<typeof cell>>;

export const checkboxCell = style({ width: '48px', padding: 0, textAlign: 'center' });

/** The label around a row's or the header's checkbox: the whole 44 px square is the target (WCAG 2.5.5). */
export const checkboxTarget = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  gap: vars.space.small,
  minWidth: TOUCH_TARGET,
  minHeight: TOUCH_TARGET,
  verticalAlign: 'middle',
  cursor: 'pointer',
});

/** The select-all checkbox's text, shown beside it in the cards layout (the table's column needs no words). */
export const selectAllText = style({ display: 'none' });

/** What a cell shows, in a box of its own: in the cards layout it sits beside the column's name. */
export const cellValue = style({ minWidth: 0 });

/** A column header without sorting: in the cards layout it is left to screen readers (each value names it). */
export const plainHeader = style({});

/** The cell that names its row (`rowHeader`): the card's title in the cards layout. */
export const rowHeaderCell = style({});

/** Rows that only hold space or a message: blocks in the cards layout too. */
export const plainRow = style({});

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

/**
 * The cards layout (`narrowLayout: 'cards'`), below the desktop width: each row a card whose title is its row header,
 * with every other value under the name of its column (`data-label`), whole; the header row becomes a bar with the
 * select-all checkbox (with its words) and the sort buttons. The elements stay a table's, so screen readers keep the
 * table's rows, columns and headers.
 */
export const cards = style({
  '@media': { [cardsMedia]: { border: 'none', borderRadius: 0, backgroundColor: 'transparent' } },
});

const inCards = (selector: string, rule: Omit<GlobalStyleRule, '@media' | '@supports' | '@container'>) =>
  globalStyle(selector, { '@media': { [cardsMedia]: rule } });

inCards(`${cards} > table, ${cards} thead, ${cards} tbody, ${cards} ${plainRow}, ${cards} ${plainRow} > td`, {
  display: 'block',
});
inCards(`${cards} colgroup`, { display: 'none' });
// A shown caption is the list's heading above the bar; a hidden one keeps its own class (visuallyHidden).
inCards(`${cards} ${caption}`, { display: 'block', paddingInline: 0, paddingBlockStart: 0 });
inCards(`${cards} thead > tr`, {
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.small,
  paddingBlockEnd: vars.space.small,
});
inCards(`${cards} ${headerCell}`, {
  position: 'static',
  height: 'auto',
  width: 'auto',
  padding: 0,
  border: 'none',
  backgroundColor: 'transparent',
});
inCards(`${cards} ${plainHeader}`, clippedAway);
inCards(`${cards} ${checkboxTarget}`, { paddingInlineEnd: vars.space.small });
inCards(`${cards} ${selectAllText}`, { display: 'inline', fontWeight: vars.font.weight.regular });
inCards(`${cards} ${sortButton}`, {
  minHeight: TOUCH_TARGET,
  marginInline: 0,
  paddingInline: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.full,
  backgroundColor: vars.color.surface,
});
inCards(
  `${cards} th[aria-sort="ascending"] ${sortButton}, ${cards} th[aria-sort="descending"] ${sortButton}`,
  {
    borderColor: vars.color.borderStrong,
  },
);
inCards(`${cards} ${row}`, {
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignItems: 'center',
  columnGap: vars.space.small,
  rowGap: vars.space.xsmall,
  // Counted by the virtualizer's measurement (DataTable.tsx), so the cards keep their gap while they scroll.
  marginBlockEnd: vars.space.small,
  padding: vars.space.medium,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.medium,
  backgroundColor: vars.color.surface,
});
inCards(`${cards} ${row}[data-selected="true"]`, { backgroundColor: vars.color.surfaceRaised });
inCards(`${cards}[data-selectable] ${row}`, { gridTemplateColumns: 'auto minmax(0, 1fr)' });
inCards(`${cards} ${cell.classNames.base}`, {
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'baseline',
  columnGap: vars.space.small,
  height: 'auto',
  padding: 0,
  border: 'none',
  textAlign: 'left',
});
// The column's name before its value; a text for the eye only (`/ ""`): screen readers hear the column header.
inCards(`${cards} ${cell.classNames.base}[data-label]::before`, {
  content: 'attr(data-label) / ""',
  flex: '0 0 7rem',
  color: vars.color.textMuted,
  fontWeight: vars.font.weight.semibold,
});
inCards(`${cards} ${cellValue}`, { flex: '1 1 9rem' });
inCards(`${cards} ${checkboxCell}`, { gridColumn: 'auto', order: -2, width: 'auto', alignSelf: 'start' });
inCards(`${cards} ${rowHeaderCell}`, {
  gridColumn: 'auto / -1',
  order: -1,
  fontSize: vars.font.size.standard,
  fontWeight: vars.font.weight.semibold,
});
// The row's link (its name) is the card's title: a whole target, under a finger or on a narrow screen.
inCards(`${cards} ${rowHeaderCell} a`, linkTouchTarget);
globalStyle(`${rowHeaderCell} a`, { '@media': { [mediaTouch]: linkTouchTarget } });

export const message = style({
  padding: vars.space.xlarge,
  textAlign: 'center',
  color: vars.color.textMuted,
  whiteSpace: 'normal',
});

globalStyle(`${headerCell}${checkboxCell}`, { textAlign: 'center' });
