import { describe, expect, it } from 'vitest';
import { freeStorageGb, STORAGE_CAPACITY_GB, usableStorageGb } from './storage.ts';

describe('STORAGE_CAPACITY_GB', () => {
  it('holds the values of spec §3', () => {
    expect(STORAGE_CAPACITY_GB).toEqual({
      baseStorageUsed: 14.78,
      oldPico: 49.22,
      maxPicoG24K: 64,
      neo3Pro: 256,
      g3: 128,
      pico4: 256,
    });
  });
});

describe('usableStorageGb', () => {
  it('takes the system share off the capacity', () => {
    expect(usableStorageGb(STORAGE_CAPACITY_GB.maxPicoG24K)).toBe(STORAGE_CAPACITY_GB.oldPico);
    expect(usableStorageGb(128)).toBe(113.22);
  });

  it('never goes below 0', () => {
    expect(usableStorageGb(10)).toBe(0);
    expect(usableStorageGb(Number.NaN)).toBe(0);
  });
});

describe('freeStorageGb', () => {
  it('is the usable capacity minus the content on the headset', () => {
    expect(freeStorageGb(STORAGE_CAPACITY_GB.pico4, 100)).toBe(141.22);
    expect(freeStorageGb(STORAGE_CAPACITY_GB.g3, 0)).toBe(113.22);
  });

  it('is 0 when the headset is full or over-full, or input is unknown', () => {
    expect(freeStorageGb(64, 49.22)).toBe(0);
    expect(freeStorageGb(64, 80)).toBe(0);
    expect(freeStorageGb(64, Number.NaN)).toBe(0);
  });

  it('ignores a negative used value', () => {
    expect(freeStorageGb(64, -5)).toBe(49.22);
  });
});
