import { describe, expect, it } from 'vitest';
import { headsetSync, headsetsToSync, isSyncUnderway, playlistSync } from './syncState.ts';

type Status = 'synced' | 'pending' | 'syncing' | 'failed';
const headset = (
  name: string,
  syncStatus: Status,
  missingContent: number[] = [],
  syncProgress: number | null = null,
) => ({
  id: name.length,
  name,
  syncStatus,
  syncProgress,
  missingContent,
});

describe('headsetSync', () => {
  it('says what a headset reported, missing items before a bare status', () => {
    expect(headsetSync(headset('Sirius', 'synced'))).toEqual({ kind: 'synced' });
    expect(headsetSync(headset('Sirius', 'syncing', [4], 45))).toEqual({ kind: 'syncing', progress: 45 });
    expect(headsetSync(headset('Sirius', 'failed', [4, 5]))).toEqual({
      kind: 'missing',
      count: 2,
      failed: true,
    });
    expect(headsetSync(headset('Sirius', 'pending', [4]))).toEqual({
      kind: 'missing',
      count: 1,
      failed: false,
    });
    expect(headsetSync(headset('Sirius', 'pending'))).toEqual({ kind: 'pending' });
    expect(headsetSync(headset('Sirius', 'failed'))).toEqual({ kind: 'failed' });
  });
});

describe('playlistSync', () => {
  it('is none without headsets and synced when all are', () => {
    expect(playlistSync([])).toEqual({ kind: 'none' });
    expect(playlistSync([headset('Sirius', 'synced'), headset('Vega', 'synced')])).toEqual({
      kind: 'synced',
      total: 2,
    });
  });

  it('names the one headset that lacks items, or counts several', () => {
    const canopus = headset('Canopus', 'failed', [1, 2, 3]);
    expect(playlistSync([headset('Sirius', 'synced'), canopus])).toEqual({
      kind: 'missing',
      count: 3,
      device: 'Canopus',
    });
    expect(playlistSync([canopus, headset('Vega', 'pending', [2])])).toEqual({
      kind: 'missingMany',
      devices: 2,
    });
  });

  it('says a sync runs while one downloads, else what is still pending', () => {
    expect(playlistSync([headset('Sirius', 'synced'), headset('Vega', 'syncing', [2], 10)])).toEqual({
      kind: 'syncing',
      done: 1,
      total: 2,
    });
    expect(playlistSync([headset('Sirius', 'synced'), headset('Vega', 'pending')])).toEqual({
      kind: 'pending',
      done: 1,
      total: 2,
    });
  });
});

describe('which headsets to sync and when to stop asking', () => {
  it('syncs every headset that is neither synced nor downloading', () => {
    const devices = [
      { ...headset('Sirius', 'synced'), id: 1 },
      { ...headset('Vega', 'failed', [3]), id: 2 },
      { ...headset('Rigel', 'syncing', [3], 5), id: 3 },
      { ...headset('Deneb', 'pending'), id: 4 },
    ];
    expect(headsetsToSync(devices)).toEqual([2, 4]);
    expect(isSyncUnderway(devices)).toBe(true);
    expect(isSyncUnderway([headset('Sirius', 'synced'), headset('Vega', 'failed', [1])])).toBe(false);
  });
});
