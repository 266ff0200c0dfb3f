import { describe, expect, it } from 'vitest';
import { dropIndex, handleKey, moveItem } from './reorder.ts';

describe('moveItem', () => {
  it('moves one item; the items in between shift, the input stays as it was', () => {
    const items = ['a', 'b', 'c', 'd'];
    expect(moveItem(items, 3, 0)).toEqual(['d', 'a', 'b', 'c']);
    expect(moveItem(items, 0, 2)).toEqual(['b', 'c', 'a', 'd']);
    expect(moveItem(items, 1, 1)).toEqual(items);
    expect(items).toEqual(['a', 'b', 'c', 'd']);
  });

  it('clamps the target and ignores an index outside the list', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 9)).toEqual(['b', 'c', 'a']);
    expect(moveItem(['a', 'b', 'c'], 2, -4)).toEqual(['c', 'a', 'b']);
    expect(moveItem(['a', 'b'], 5, 0)).toEqual(['a', 'b']);
  });
});

describe('dropIndex', () => {
  it('lands above the row in its upper half and below it in its lower half', () => {
    // Dragging the first of four rows.
    expect(dropIndex(0, 2, false)).toBe(1);
    expect(dropIndex(0, 2, true)).toBe(2);
    expect(dropIndex(0, 0, true)).toBe(0);
    // Dragging the last of four rows up.
    expect(dropIndex(3, 1, false)).toBe(1);
    expect(dropIndex(3, 1, true)).toBe(2);
  });
});

describe('handleKey', () => {
  const items = ['a', 'b', 'c'];
  it('picks up with Space or Enter, moves with the arrows, drops or cancels', () => {
    expect(handleKey('ArrowDown', items, 0, 1, null)).toEqual({ kind: 'ignored' });
    expect(handleKey('Enter', items, 0, 1, null)).toEqual({
      kind: 'grabbed',
      grab: { id: 1, from: 0 },
      position: 1,
    });
    const grab = { id: 1, from: 0 };
    expect(handleKey('ArrowDown', items, 0, 1, grab)).toEqual({
      kind: 'moved',
      order: ['b', 'a', 'c'],
      position: 2,
    });
    expect(handleKey('ArrowUp', items, 0, 1, grab)).toEqual({ kind: 'moved', order: items, position: 1 });
    expect(handleKey(' ', items, 2, 1, grab)).toEqual({ kind: 'dropped', position: 3, changed: true });
    expect(handleKey(' ', items, 0, 1, grab)).toEqual({ kind: 'dropped', position: 1, changed: false });
    expect(handleKey('Escape', items, 2, 1, grab)).toEqual({ kind: 'cancelled', position: 1 });
    expect(handleKey('a', items, 2, 1, grab)).toEqual({ kind: 'ignored' });
  });
});
