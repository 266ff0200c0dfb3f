import { describe, expect, it } from 'vitest';
import {
  BYTES_PER_GB,
  contentStorageBytes,
  freeStorageGb,
  playlistFit,
  playlistStorageBytes,
  STORAGE_CAPACITY_GB,
  usableStorageGb,
} from './storage.ts';

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

describe('contentStorageBytes and playlistStorageBytes', () => {
  it('counts files; web apps and items without a file take nothing', () => {
    expect(contentStorageBytes({ contentType: 'video', fileSize: 1500 })).toBe(1500);
    expect(contentStorageBytes({ contentType: 'app', fileSize: null })).toBe(0);
    expect(contentStorageBytes({ contentType: 'webApp', fileSize: 900 })).toBe(0);
    expect(contentStorageBytes({ contentType: 'video', fileSize: -4 })).toBe(0);
    expect(
      playlistStorageBytes([
        { contentType: 'video', fileSize: 2 * BYTES_PER_GB },
        { contentType: 'webApp', fileSize: null },
        { contentType: 'app', fileSize: BYTES_PER_GB / 2 },
      ]),
    ).toBe(2.5 * BYTES_PER_GB);
    expect(playlistStorageBytes([])).toBe(0);
  });
});

describe('playlistFit', () => {
  const g2 = STORAGE_CAPACITY_GB.maxPicoG24K * BYTES_PER_GB;

  it('leaves the model capacity minus the base use of 14.78 GB for content', () => {
    const fit = playlistFit(10 * BYTES_PER_GB, g2);
    expect(fit.usableBytes).toBe(Math.round(STORAGE_CAPACITY_GB.oldPico * BYTES_PER_GB));
    expect(fit).toMatchObject({ requiredBytes: 10 * BYTES_PER_GB, fits: true, overflowBytes: 0 });
  });

  it('fits exactly at the limit and not one byte beyond, naming what is missing', () => {
    const usable = playlistFit(0, g2).usableBytes;
    expect(playlistFit(usable, g2).fits).toBe(true);
    expect(playlistFit(usable + 1, g2)).toMatchObject({ fits: false, overflowBytes: 1 });
    expect(playlistFit(60 * BYTES_PER_GB, 128 * BYTES_PER_GB).fits).toBe(true);
  });

  it('leaves no room on an unknown capacity, and never a negative one', () => {
    expect(playlistFit(1, null)).toMatchObject({ usableBytes: 0, fits: false, overflowBytes: 1 });
    expect(playlistFit(0, Number.NaN).fits).toBe(true);
    expect(playlistFit(1, 10 * BYTES_PER_GB).usableBytes).toBe(0);
  });
});
