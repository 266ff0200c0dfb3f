import { useVirtualizer } from '@tanstack/react-virtual';
import { type ReactNode, useCallback, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import { visuallyHidden } from '../styles/utils.css';
import * as styles from './DataTable.css';
import { nextSort, type SortState, type SortValue, selectAllState, sortRows } from './tableState';

export type { SortDirection, SortState, SortValue } from './tableState';

export const dataTableAlignments = ['start', 'center', 'end'] as const;

/** How the table draws itself below the desktop width (1024 px); see `narrowLayout`. */
export const dataTableNarrowLayouts = ['table', 'cards'] as const;
export type DataTableNarrowLayout = (typeof dataTableNarrowLayouts)[number];

export interface DataTableColumn<Row> {
  /** Stable id; also the `columnId` of the sort state. */
  id: string;
  /** Header text. */
  header: string;
  /** Content of this column's cell in a row. */
  cell: (row: Row) => ReactNode;
  /**
   * Makes the column sortable: the value rows are ordered by (strings in German collation).
   * @example sortValue: (device) => device.name
   */
  sortValue?: (row: Row) => SortValue;
  /**
   * With `manualSorting` (the server sorts): makes the header a sort button, for a column the server can order by.
   * Columns without it (and without `sortValue`) stay plain headers.
   */
  sortable?: boolean;
  /** CSS width of the column, e.g. '12rem' or '20%'. Columns without one share the rest. */
  width?: string;
  /**
   * Horizontal alignment of the column's header and cells. Default 'start'; 'end' suits numbers
   * (e.g. battery in %), 'center' short marks such as icons.
   */
  align?: styles.CellVariants['align'];
  /** The cell that names its row (rendered as a row header, e.g. the device name). */
  rowHeader?: boolean;
}

interface SelectionOff {
  selectable?: false;
}

interface SelectionOn<Row> {
  /** Adds a checkbox per row and a select-all checkbox in the header. */
  selectable: true;
  /** Accessible name of the select-all checkbox, e.g. 'Alle Geräte auswählen'. */
  selectAllLabel: string;
  /**
   * Accessible name of a row's checkbox.
   * @example selectRowLabel={(device) => t('devices.select', { name: device.name })}
   */
  selectRowLabel: (row: Row) => string;
  /** Selected row ids (controlled). */
  selectedRowIds?: ReadonlySet<string>;
  /** Initially selected row ids (uncontrolled). */
  defaultSelectedRowIds?: ReadonlySet<string>;
  onSelectedRowIdsChange?: (ids: ReadonlySet<string>) => void;
}

export type DataTableProps<Row> = (SelectionOff | SelectionOn<Row>) & {
  /** Names the table (its <caption>) and its scroll region. */
  caption: string;
  /** Keeps the caption for screen readers only, when a heading above already says it. */
  hideCaption?: boolean;
  /**
   * The columns, in order: header text, cell content and optionally sorting, width and alignment.
   * @example columns={[{ id: 'name', header: t('devices.name'), cell: (d) => d.name, rowHeader: true }]}
   */
  columns: readonly DataTableColumn<Row>[];
  /** The data, one entry per row, in the given order (the table sorts a copy). */
  rows: readonly Row[];
  /**
   * A stable, unique id of a row: the React key and what `selectedRowIds` hold.
   * @example getRowId={(device) => device.id}
   */
  getRowId: (row: Row) => string;
  /** Sort state (controlled); `null` for the given order. */
  sort?: SortState | null;
  /** Initial sort (uncontrolled). */
  defaultSort?: SortState;
  /** Called with the new sort state when a sortable header is activated (by click, Enter or Space). */
  onSortChange?: (sort: SortState) => void;
  /**
   * The rows arrive already sorted (e.g. by the server); the table only reports `onSortChange` for the columns
   * marked `sortable` (or with a `sortValue`).
   */
  manualSorting?: boolean;
  /** Height of the scroll area; the header stays in view while the rows scroll. Default '480px'. */
  height?: string;
  /** Expected row height in px, refined by measuring rendered rows. Default 49. */
  estimatedRowHeight?: number;
  /**
   * With `narrowLayout="cards"`: the expected height in px of a card below the desktop width, refined by measuring
   * like `estimatedRowHeight` (the default). A card is several table rows high: estimated as one, the first render
   * draws five times the cards that fit and throws most of them away once they are measured.
   * @example estimatedCardHeight={320}
   */
  estimatedCardHeight?: number;
  /** Shown in place of rows when there are none, e.g. 'Noch keine Geräte gekoppelt'. */
  emptyText?: ReactNode;
  /** Replaces the rows with `loadingText` and marks the table busy. */
  loading?: boolean;
  /** Shown in place of the rows while `loading`, e.g. 'Geräte werden geladen …'. */
  loadingText?: ReactNode;
  /**
   * The height the table keeps while `loading`, so that the rows arriving do not push what follows down the page (a
   * layout shift): `height` itself where a full page of rows is expected. Default: the loading message's own height.
   * @example loadingHeight="70vh"
   */
  loadingHeight?: string;
  /**
   * Below the desktop width (1024 px, tablets and phones): 'table' (default) keeps the columns; 'cards' draws each
   * row as a card, its row header as the title and every other value under its column's name, whole; the header
   * row becomes a bar with the select-all checkbox (with its words) and the sort buttons. For lists with more
   * columns than a tablet has room for. The markup stays a table, so screen readers keep rows, columns and headers.
   * @example <DataTable narrowLayout="cards" … />
   */
  narrowLayout?: DataTableNarrowLayout;
};

function useControllable<T>(value: T | undefined, defaultValue: T, onChange?: (next: T) => void) {
  const [own, setOwn] = useState(defaultValue);
  const current = value === undefined ? own : value;
  const set = useCallback(
    (next: T) => {
      if (value === undefined) setOwn(next);
      onChange?.(next);
    },
    [value, onChange],
  );
  return [current, set] as const;
}

function SortIcon({ direction }: { direction: SortState['direction'] | undefined }) {
  return (
    <svg className={styles.sortIcon} viewBox="0 0 16 16" aria-hidden="true" focusable="false">
      {direction === undefined ? (
        <path d="m5 6 3-3 3 3M5 10l3 3 3-3" fill="none" stroke="currentColor" strokeWidth="1.5" />
      ) : (
        <path
          d={direction === 'ascending' ? 'm4 10 4-4 4 4' : 'm4 6 4 4 4-4'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
        />
      )}
    </svg>
  );
}

const cx = (...classes: (string | undefined)[]) => classes.filter(Boolean).join(' ');

/** Rows drawn beyond the visible ones, so scrolling shows rows at once: about a screen of table rows… */
const OVERSCAN_ROWS = 8;
/** …or two cards, each a good part of a phone's screen. */
const OVERSCAN_CARDS = 2;

function subscribeToCardsMedia(onChange: () => void) {
  const query = window.matchMedia(styles.cardsMedia);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the window is below the desktop width, where `narrowLayout="cards"` draws cards. */
function useBelowDesktop(): boolean {
  return useSyncExternalStore(
    subscribeToCardsMedia,
    () => window.matchMedia(styles.cardsMedia).matches,
    () => false,
  );
}

const EMPTY_SET: ReadonlySet<string> = new Set();

/**
 * A row's height for the virtualizer, its bottom margin included: the cards layout keeps its cards apart with it, and
 * a height without it would let the rows the virtualizer places drift from where the browser draws them.
 */
function measureRow(element: Element): number {
  const margin = Number.parseFloat(getComputedStyle(element).marginBlockEnd) || 0;
  return element.getBoundingClientRect().height + margin;
}

/** A column's head: a sort button with its direction (aria-sort) when the column sorts, else its plain name. */
function ColumnHeader<Row>({
  column,
  sort,
  sortable,
  onSort,
}: {
  column: DataTableColumn<Row>;
  sort: SortState | null;
  sortable: boolean;
  onSort: () => void;
}) {
  const direction = sort?.columnId === column.id ? sort.direction : undefined;
  return (
    <th
      scope="col"
      className={cx(
        styles.headerCell,
        styles.headerAlign[column.align ?? 'start'],
        sortable ? undefined : styles.plainHeader,
      )}
      aria-sort={sortable ? (direction ?? 'none') : undefined}
    >
      {sortable ? (
        <button type="button" className={styles.sortButton} onClick={onSort}>
          <span className={styles.sortLabel}>{column.header}</span>
          <SortIcon direction={direction} />
        </button>
      ) : (
        column.header
      )}
    </th>
  );
}

/** One value of a row; as a card (below the desktop width) it carries its column's name to show above the value. */
function BodyCell<Row>({ column, row, cards }: { column: DataTableColumn<Row>; row: Row; cards: boolean }) {
  const Cell = column.rowHeader ? 'th' : 'td';
  return (
    <Cell
      scope={column.rowHeader ? 'row' : undefined}
      className={cx(
        styles.cell({ align: column.align }),
        column.rowHeader ? styles.rowHeaderCell : undefined,
      )}
      data-label={cards && !column.rowHeader ? column.header : undefined}
    >
      <div className={styles.cellValue}>{column.cell(row)}</div>
    </Cell>
  );
}

/**
 * A table for long lists (thousands of rows stay smooth: only the rows in view are rendered).
 * Sortable columns with aria-sort, optional row selection with a select-all checkbox, sticky header.
 * The scroll area is focusable, so arrow and page keys scroll it; sort buttons and checkboxes are
 * reached with Tab.
 * @example
 * <DataTable
 *   caption={t('devices.title')}
 *   rows={devices}
 *   getRowId={(d) => d.id}
 *   columns={[{ id: 'name', header: t('devices.name'), cell: (d) => d.name, sortValue: (d) => d.name, rowHeader: true }]}
 *   selectable
 *   selectAllLabel={t('devices.selectAll')}
 *   selectRowLabel={(d) => t('devices.select', { name: d.name })}
 * />
 */
export function DataTable<Row>(props: DataTableProps<Row>) {
  const {
    caption,
    hideCaption = false,
    columns,
    rows,
    getRowId,
    sort: sortProp,
    defaultSort,
    onSortChange,
    manualSorting = false,
    height = '480px',
    estimatedRowHeight = 49,
    estimatedCardHeight = estimatedRowHeight,
    emptyText,
    loading = false,
    loadingText,
    loadingHeight,
    narrowLayout = 'table',
  } = props;
  const cards = narrowLayout === 'cards';
  const belowDesktop = useBelowDesktop();
  const drawnAsCards = cards && belowDesktop;
  const selection = props.selectable ? props : undefined;
  const captionId = useId();
  const scrollerRef = useRef<HTMLElement>(null);

  const [sort, setSort] = useControllable<SortState | null>(sortProp, defaultSort ?? null, (next) => {
    if (next) onSortChange?.(next);
  });
  const [selected, setSelected] = useControllable<ReadonlySet<string>>(
    selection?.selectedRowIds,
    selection?.defaultSelectedRowIds ?? EMPTY_SET,
    selection?.onSelectedRowIdsChange,
  );

  const sortedRows = useMemo(() => {
    if (!sort || manualSorting) return rows;
    const column = columns.find((c) => c.id === sort.columnId);
    return column?.sortValue ? sortRows(rows, column.sortValue, sort.direction) : rows;
  }, [rows, columns, sort, manualSorting]);

  const rowIds = useMemo(() => sortedRows.map(getRowId), [sortedRows, getRowId]);
  const allState = selectAllState(rowIds, selected);

  const virtualizer = useVirtualizer({
    count: loading ? 0 : sortedRows.length,
    getScrollElement: () => scrollerRef.current,
    estimateSize: () => (drawnAsCards ? estimatedCardHeight : estimatedRowHeight),
    measureElement: measureRow,
    overscan: drawnAsCards ? OVERSCAN_CARDS : OVERSCAN_ROWS,
  });
  const items = virtualizer.getVirtualItems();
  const paddingTop = items.length > 0 ? (items[0]?.start ?? 0) : 0;
  const paddingBottom =
    items.length > 0 ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0;
  const columnCount = columns.length + (selection ? 1 : 0);

  const toggleRow = (id: string) => {
    const next = new Set(selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setSelected(next);
  };

  const toggleAll = () => {
    setSelected(allState === 'all' ? new Set() : new Set(rowIds));
  };

  return (
    <section
      ref={scrollerRef}
      className={cards ? `${styles.scroller} ${styles.cards}` : styles.scroller}
      data-selectable={selection ? '' : undefined}
      style={{ maxHeight: height, minHeight: loading ? loadingHeight : undefined }}
      aria-labelledby={captionId}
      aria-busy={loading || undefined}
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region must be focusable to scroll by keyboard
      tabIndex={0}
    >
      <table className={styles.table} aria-rowcount={loading ? undefined : sortedRows.length + 1}>
        <caption id={captionId} className={hideCaption ? visuallyHidden : styles.caption}>
          {caption}
        </caption>
        <colgroup>
          {selection ? <col className={styles.checkboxCell} /> : null}
          {columns.map((column) => (
            <col key={column.id} style={column.width ? { width: column.width } : undefined} />
          ))}
        </colgroup>
        <thead>
          <tr aria-rowindex={1}>
            {selection ? (
              <th scope="col" className={`${styles.headerCell} ${styles.checkboxCell}`}>
                <label className={styles.checkboxTarget}>
                  <input
                    type="checkbox"
                    className={styles.checkbox}
                    aria-label={selection.selectAllLabel}
                    checked={allState === 'all'}
                    disabled={loading || rowIds.length === 0}
                    ref={(element) => {
                      if (element) element.indeterminate = allState === 'some';
                    }}
                    onChange={toggleAll}
                  />
                  {cards ? (
                    <span className={styles.selectAllText} aria-hidden="true">
                      {selection.selectAllLabel}
                    </span>
                  ) : null}
                </label>
              </th>
            ) : null}
            {columns.map((column) => (
              <ColumnHeader
                key={column.id}
                column={column}
                sort={sort}
                sortable={
                  column.sortValue !== undefined ||
                  (manualSorting && onSortChange !== undefined && column.sortable === true)
                }
                onSort={() => setSort(nextSort(sort ?? undefined, column.id))}
              />
            ))}
          </tr>
        </thead>
        <tbody>
          {loading || sortedRows.length === 0 ? (
            <tr className={styles.plainRow}>
              <td colSpan={columnCount} className={styles.message}>
                {loading ? loadingText : emptyText}
              </td>
            </tr>
          ) : (
            <>
              {paddingTop > 0 ? (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, nothing in it is focusable
                <tr aria-hidden="true" className={styles.plainRow}>
                  <td colSpan={columnCount} className={styles.spacer} style={{ height: paddingTop }} />
                </tr>
              ) : null}
              {items.map((item) => {
                const row = sortedRows[item.index] as Row;
                const id = rowIds[item.index] as string;
                const isSelected = selected.has(id);
                return (
                  <tr
                    key={id}
                    ref={virtualizer.measureElement}
                    data-index={item.index}
                    data-selected={selection ? isSelected : undefined}
                    aria-rowindex={item.index + 2}
                    className={styles.row}
                  >
                    {selection ? (
                      <td className={`${styles.cell()} ${styles.checkboxCell}`}>
                        <label className={styles.checkboxTarget}>
                          <input
                            type="checkbox"
                            className={styles.checkbox}
                            aria-label={selection.selectRowLabel(row)}
                            checked={isSelected}
                            onChange={() => toggleRow(id)}
                          />
                        </label>
                      </td>
                    ) : null}
                    {columns.map((column) => (
                      <BodyCell key={column.id} column={column} row={row} cards={cards} />
                    ))}
                  </tr>
                );
              })}
              {paddingBottom > 0 ? (
                // biome-ignore lint/a11y/noAriaHiddenOnFocusable: an empty spacer row, nothing in it is focusable
                <tr aria-hidden="true" className={styles.plainRow}>
                  <td colSpan={columnCount} className={styles.spacer} style={{ height: paddingBottom }} />
                </tr>
              ) : null}
            </>
          )}
        </tbody>
      </table>
    </section>
  );
}
