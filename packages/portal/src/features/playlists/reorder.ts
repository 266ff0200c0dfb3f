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
