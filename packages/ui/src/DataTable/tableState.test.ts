import { describe, expect, it } from 'vitest';
import { nextSort, selectAllState, sortRows } from './tableState';

const rows = [
  { name: 'Zelle', size: 10, at: new Date('2024-03-01') },
  { name: 'Ägypten', size: 2, at: new Date('2024-01-01') },
  { name: 'apfel', size: 10, at: null },
  { name: 'Brille 10', size: 5, at: new Date('2024-02-01') },
  { name: 'Brille 9', size: 1, at: new Date('2024-02-02') },
];

describe('sortRows', () => {
  it('sorts strings in German collation, case-insensitive, numbers inside strings numerically', () => {
    expect(sortRows(rows, (r) => r.name, 'ascending').map((r) => r.name)).toEqual([
      'Ägypten',
      'apfel',
      'Brille 9',
      'Brille 10',
      'Zelle',
    ]);
  });

  it('sorts numbers and keeps equal keys in their original order (stable) in both directions', () => {
    expect(sortRows(rows, (r) => r.size, 'ascending').map((r) => r.name)).toEqual([
      'Brille 9',
      'Ägypten',
      'Brille 10',
      'Zelle',
      'apfel',
    ]);
    expect(sortRows(rows, (r) => r.size, 'descending').map((r) => r.name)).toEqual([
      'Zelle',
      'apfel',
      'Brille 10',
      'Ägypten',
      'Brille 9',
    ]);
  });

  it('sorts dates, missing values first when ascending', () => {
    expect(sortRows(rows, (r) => r.at, 'ascending').map((r) => r.name)[0]).toBe('apfel');
    expect(sortRows(rows, (r) => r.at, 'descending').map((r) => r.name)[0]).toBe('Zelle');
  });

  it('does not change its input', () => {
    const copy = [...rows];
    sortRows(rows, (r) => r.name, 'descending');
    expect(rows).toEqual(copy);
  });
});

describe('nextSort', () => {
  it('starts a new column ascending and flips the current one', () => {
    expect(nextSort(undefined, 'name')).toEqual({ columnId: 'name', direction: 'ascending' });
    expect(nextSort({ columnId: 'name', direction: 'ascending' }, 'name').direction).toBe('descending');
    expect(nextSort({ columnId: 'name', direction: 'descending' }, 'name').direction).toBe('ascending');
    expect(nextSort({ columnId: 'name', direction: 'descending' }, 'size')).toEqual({
      columnId: 'size',
      direction: 'ascending',
    });
  });
});

describe('selectAllState', () => {
  const ids = ['a', 'b', 'c'];
  it('tells none, some and all apart', () => {
    expect(selectAllState(ids, new Set())).toBe('none');
    expect(selectAllState(ids, new Set(['x']))).toBe('none');
    expect(selectAllState(ids, new Set(['a']))).toBe('some');
    expect(selectAllState(ids, new Set(['a', 'b', 'c', 'x']))).toBe('all');
    expect(selectAllState([], new Set(['a']))).toBe('none');
  });
});
