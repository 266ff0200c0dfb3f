import { UploadError } from './errors.ts';

/** One part of a file: bytes `[start, end)`, numbered from 1 as the contract counts them. */
export interface PartPlan {
  partNumber: number;
  start: number;
  end: number;
  size: number;
}

/** The contract's ceiling for `part_number` / `max_parts`. */
export const maxPartNumber = 10_000;

/**
 * Splits a file into parts of `partSize` bytes; only the last part may be shorter.
 *
 * A 0-byte file is refused with `UploadError('empty-file')`: the contract's `file_size` starts at 1 and a
 * multipart upload needs at least one non-empty part, so the app should say so before anything is sent.
 *
 * @example planParts(25, 10) // → parts 1: [0,10), 2: [10,20), 3: [20,25)
 */
export function planParts(fileSize: number, partSize: number, maxParts: number = maxPartNumber): PartPlan[] {
  if (!Number.isSafeInteger(fileSize) || fileSize < 0) {
    throw new RangeError(`fileSize must be a non-negative integer, got ${fileSize}`);
  }
  if (!Number.isSafeInteger(partSize) || partSize < 1) {
    throw new RangeError(`partSize must be a positive integer, got ${partSize}`);
  }
  if (fileSize === 0) {
    throw new UploadError('empty-file', 'The file is empty (0 bytes) and cannot be uploaded.');
  }
  const count = Math.ceil(fileSize / partSize);
  const limit = Math.min(maxParts, maxPartNumber);
  if (count > limit) {
    throw new UploadError(
      'too-many-parts',
      `The file needs ${count} parts of ${partSize} bytes, but at most ${limit} are allowed.`,
    );
  }
  const parts: PartPlan[] = [];
  for (let index = 0; index < count; index++) {
    const start = index * partSize;
    const end = Math.min(start + partSize, fileSize);
    parts.push({ partNumber: index + 1, start, end, size: end - start });
  }
  return parts;
}
