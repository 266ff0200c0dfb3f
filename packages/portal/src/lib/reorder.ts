/** A copy of `items` with the item at `from` moved to `to` (indices 0…n-1, clamped); the others shift by one. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const next = [...items];
  if (from < 0 || from >= next.length) return next;
  const target = Math.min(Math.max(to, 0), next.length - 1);
  const [moved] = next.splice(from, 1);
  if (moved !== undefined) next.splice(target, 0, moved);
  return next;
}

/** Where a dragged row lands when dropped on `over`: above it in the first half of its height, below it otherwise. */
export function dropIndex(from: number, over: number, inLowerHalf: boolean): number {
  const slot = inLowerHalf ? over + 1 : over;
  // Taking the row out first shifts every later slot up by one.
  return slot > from ? slot - 1 : slot;
}

/** A keyboard move in progress: the entry picked up (by its key) and where it was. */
export interface Grab {
  id: number;
  from: number;
}

/** What a key on an entry's handle does, for the handle's owner to draw and announce. */
export type HandleKeyResult<T> =
  /** Not a key of the move: the browser keeps it. */
  | { kind: 'ignored' }
  | { kind: 'grabbed'; grab: Grab; position: number }
  | { kind: 'moved'; order: T[]; position: number }
  /** `changed`: the entry left the place it was picked up from, so the new order is saved. */
  | { kind: 'dropped'; position: number; changed: boolean }
  | { kind: 'cancelled'; position: number };

/**
 * The keyboard move of an ordered list (a playlist's items, a lesson plan's steps): Space or Enter picks the entry up,
 * the arrows move it by one, Space or Enter drops it, Escape puts it back. Positions in the results are 1-based.
 */
export function handleKey<T>(
  key: string,
  items: readonly T[],
  index: number,
  id: number,
  grab: Grab | null,
): HandleKeyResult<T> {
  const pick = key === ' ' || key === 'Enter';
  if (grab?.id !== id) {
    return pick ? { kind: 'grabbed', grab: { id, from: index }, position: index + 1 } : { kind: 'ignored' };
  }
  if (key === 'ArrowUp' || key === 'ArrowDown') {
    const to = Math.min(Math.max(index + (key === 'ArrowUp' ? -1 : 1), 0), items.length - 1);
    return { kind: 'moved', order: moveItem(items, index, to), position: to + 1 };
  }
  if (pick) return { kind: 'dropped', position: index + 1, changed: index !== grab.from };
  if (key === 'Escape') return { kind: 'cancelled', position: grab.from + 1 };
  return { kind: 'ignored' };
}
