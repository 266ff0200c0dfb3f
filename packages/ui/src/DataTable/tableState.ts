export const sortDirections = ['ascending', 'descending'] as const;
export type SortDirection = (typeof sortDirections)[number];

export interface SortState {
  columnId: string;
  direction: SortDirection;
}

export type SortValue = string | number | Date | null | undefined;

const collator = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

function compareValues(a: SortValue, b: SortValue): number {
  // Missing values sort as the smallest, so descending is the exact reverse of ascending.
  if (a == null || b == null) return a == null ? (b == null ? 0 : -1) : 1;
  if (typeof a === 'string' && typeof b === 'string') return collator.compare(a, b);
  const x = a instanceof Date ? a.getTime() : a;
  const y = b instanceof Date ? b.getTime() : b;
  if (typeof x === 'number' && typeof y === 'number') return x - y;
  return collator.compare(String(x), String(y));
}

/** A stable sort of `rows` by `value`, in German collation for strings; returns a new array. */
export function sortRows<Row>(
  rows: readonly Row[],
  value: (row: Row) => SortValue,
  direction: SortDirection,
): Row[] {
  const sign = direction === 'ascending' ? 1 : -1;
  return rows
    .map((row, index) => ({ row, index, key: value(row) }))
    .sort((a, b) => sign * compareValues(a.key, b.key) || a.index - b.index)
    .map((entry) => entry.row);
}

/** The sort after the user activates a column header: a new column starts ascending, the same one flips. */
export function nextSort(current: SortState | undefined, columnId: string): SortState {
  if (current?.columnId === columnId) {
    return { columnId, direction: current.direction === 'ascending' ? 'descending' : 'ascending' };
  }
  return { columnId, direction: 'ascending' };
}

export type SelectAllState = 'none' | 'some' | 'all';

/** Whether none, some or all of `rowIds` are selected, for the select-all checkbox. */
export function selectAllState(rowIds: readonly string[], selected: ReadonlySet<string>): SelectAllState {
  if (rowIds.length === 0 || selected.size === 0) return 'none';
  let count = 0;
  for (const id of rowIds) if (selected.has(id)) count += 1;
  if (count === 0) return 'none';
  return count === rowIds.length ? 'all' : 'some';
}
