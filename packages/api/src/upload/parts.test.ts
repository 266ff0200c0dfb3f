import { describe, expect, it } from 'vitest';
import { UploadError } from './errors.ts';
import { planParts } from './parts.ts';

const ranges = (fileSize: number, partSize: number, maxParts?: number) =>
  planParts(fileSize, partSize, maxParts).map(({ partNumber, start, end, size }) => [
    partNumber,
    start,
    end,
    size,
  ]);

describe('planParts', () => {
  it('gives the last part the remainder when the size is not divisible', () => {
    expect(ranges(25, 10)).toEqual([
      [1, 0, 10, 10],
      [2, 10, 20, 10],
      [3, 20, 25, 5],
    ]);
  });

  it('makes equal parts when the size is divisible', () => {
    expect(ranges(30, 10)).toEqual([
      [1, 0, 10, 10],
      [2, 10, 20, 10],
      [3, 20, 30, 10],
    ]);
  });

  it('makes one part for a file of exactly one part size, or smaller', () => {
    expect(ranges(10, 10)).toEqual([[1, 0, 10, 10]]);
    expect(ranges(1, 10)).toEqual([[1, 0, 1, 1]]);
    expect(ranges(11, 10)).toEqual([
      [1, 0, 10, 10],
      [2, 10, 11, 1],
    ]);
  });

  it('covers every byte once, in order', () => {
    const fileSize = 5 * 1024 * 1024 * 1024 + 123;
    const partSize = 64 * 1024 * 1024;
    const parts = planParts(fileSize, partSize);
    expect(parts).toHaveLength(81);
    expect(parts.reduce((sum, part) => sum + part.size, 0)).toBe(fileSize);
    for (const [index, part] of parts.entries()) {
      expect(part.start).toBe(index === 0 ? 0 : parts[index - 1]!.end);
    }
    expect(parts.at(-1)).toMatchObject({ partNumber: 81, size: 123, end: fileSize });
  });

  it('refuses a 0-byte file with a clear error', () => {
    expect(() => planParts(0, 10)).toThrow(UploadError);
    expect(() => planParts(0, 10)).toThrow(/empty/);
    try {
      planParts(0, 10);
    } catch (error) {
      expect(error).toMatchObject({ code: 'empty-file' });
    }
  });

  it('refuses more parts than the server allows, and more than 10,000 in any case', () => {
    expect(ranges(30, 10, 3)).toHaveLength(3);
    expect(() => planParts(31, 10, 3)).toThrow(expect.objectContaining({ code: 'too-many-parts' }));
    expect(planParts(10_000, 1, 20_000)).toHaveLength(10_000);
    expect(() => planParts(10_001, 1, 20_000)).toThrow(expect.objectContaining({ code: 'too-many-parts' }));
  });

  it('rejects nonsense sizes', () => {
    expect(() => planParts(10, 0)).toThrow(RangeError);
    expect(() => planParts(10, 2.5)).toThrow(RangeError);
    expect(() => planParts(-1, 10)).toThrow(RangeError);
  });
});
