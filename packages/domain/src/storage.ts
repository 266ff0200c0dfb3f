/** Storage capacities in GB (spec §3), named by what they describe. */
export const STORAGE_CAPACITY_GB = {
  /** What the system itself already occupies on a headset. */
  baseStorageUsed: 14.78,
  /** Old Pico value; equals maxPicoG24K minus baseStorageUsed. */
  oldPico: 49.22,
  maxPicoG24K: 64,
  neo3Pro: 256,
  g3: 128,
  pico4: 256,
} as const;

const roundGb = (value: number) => Math.round(value * 100) / 100;

/** Capacity left for content once the system's share is taken off; never below 0. */
export function usableStorageGb(capacityGb: number): number {
  if (!Number.isFinite(capacityGb)) return 0;
  return Math.max(0, roundGb(capacityGb - STORAGE_CAPACITY_GB.baseStorageUsed));
}

/**
 * Free space for more content, in GB, rounded to 2 decimals; never below 0. `usedGb` is the content on the
 * headset, without the system share (which this subtracts itself). Unknown (non-finite) input gives 0.
 */
export function freeStorageGb(capacityGb: number, usedGb: number): number {
  if (!Number.isFinite(usedGb)) return 0;
  return Math.max(0, roundGb(usableStorageGb(capacityGb) - Math.max(0, usedGb)));
}
