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

/** Bytes in one GB of the capacities above: 1024-based, as every size the portal shows (spec §9). */
export const BYTES_PER_GB = 1024 ** 3;

/** What a content item occupies on a headset: its file. A web app runs from the web and takes no space. */
export function contentStorageBytes(item: {
  contentType: string;
  fileSize?: number | null | undefined;
}): number {
  if (item.contentType === 'webApp') return 0;
  const size = item.fileSize;
  return typeof size === 'number' && Number.isFinite(size) && size > 0 ? size : 0;
}

/** Everything a playlist needs on a headset: the sum of its items' {@link contentStorageBytes}. */
export function playlistStorageBytes(
  items: readonly { contentType: string; fileSize?: number | null | undefined }[],
): number {
  return items.reduce((sum, item) => sum + contentStorageBytes(item), 0);
}

/** How a playlist fits on one headset. */
export interface PlaylistFit {
  /** What the playlist needs, in bytes. */
  requiredBytes: number;
  /** What the headset's model leaves for content once the system's share is taken off, in bytes. */
  usableBytes: number;
  /** The playlist is not larger than the usable space. */
  fits: boolean;
  /** How much is missing when it does not fit (0 when it does). */
  overflowBytes: number;
}

/**
 * The storage check of a playlist against a headset (issue 15): its total size against the capacity of the headset's
 * model (spec §3, in bytes) minus the base use of 14.78 GB. A headset holds only its active playlist, so nothing else
 * counts. An unknown capacity (null, not finite) leaves no room: the check then warns rather than promises.
 */
export function playlistFit(requiredBytes: number, capacityBytes: number | null | undefined): PlaylistFit {
  const capacity = typeof capacityBytes === 'number' && Number.isFinite(capacityBytes) ? capacityBytes : 0;
  const usableBytes = Math.max(0, Math.round(capacity - STORAGE_CAPACITY_GB.baseStorageUsed * BYTES_PER_GB));
  const required = Number.isFinite(requiredBytes) ? Math.max(0, requiredBytes) : 0;
  return {
    requiredBytes: required,
    usableBytes,
    fits: required <= usableBytes,
    overflowBytes: Math.max(0, required - usableBytes),
  };
}
