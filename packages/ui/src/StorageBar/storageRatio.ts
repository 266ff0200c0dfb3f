/** Share of the capacity in use, clamped to 0..1; 0 when the capacity is unknown (0 or negative). */
export function storageRatio(used: number, capacity: number): number {
  if (!Number.isFinite(used) || !Number.isFinite(capacity) || capacity <= 0) return 0;
  return Math.min(1, Math.max(0, used / capacity));
}
