import type { SyncTransfer } from '@portal/domain';
import { describe, expect, it } from 'vitest';
import { headsetSync, headsetsToSync, isSyncUnderway, playlistSync } from './syncState.ts';

type Status = 'synced' | 'pending' | 'syncing' | 'failed';
const GB = 1024 ** 3;
const headset = (
  name: string,
  syncStatus: Status,
  missingContent: number[] = [],
  syncProgress: number | null = null,
  more: { syncQueued?: boolean; syncTransfer?: SyncTransfer | null } = {},
) => ({
  id: name.length,
  name,
  syncStatus,
  syncProgress,
  syncQueued: false,
  syncTransfer: null,
  missingContent,
  ...more,
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
    // Right after an activation: the items are missing, but the sync that brings them waits already.
    expect(headsetSync(headset('Sirius', 'pending', [4, 5], null, { syncQueued: true }))).toEqual({
      kind: 'queued',
    });
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

  it('says a sync runs while one downloads or waits, with the bytes and time left of all, else what is pending', () => {
    expect(playlistSync([headset('Sirius', 'synced'), headset('Vega', 'syncing', [2], 10)])).toEqual({
      kind: 'syncing',
      done: 1,
      total: 2,
      overall: null,
      waiting: 0,
    });
    const transfer = (done: number, secondsLeft: number) => ({
      syncTransfer: { bytesDone: done * GB, bytesTotal: 2 * GB, secondsLeft },
    });
    expect(
      playlistSync([
        headset('Sirius', 'syncing', [2], 50, transfer(1, 20)),
        headset('Vega', 'syncing', [2], 25, transfer(0.5, 45)),
        headset('Rigel', 'pending', [2], null, { syncQueued: true }),
      ]),
    ).toEqual({
      kind: 'syncing',
      done: 0,
      total: 3,
      overall: { bytesDone: 1.5 * GB, bytesTotal: 4 * GB, percent: 37, secondsLeft: 45 },
      waiting: 1,
    });
    expect(playlistSync([headset('Sirius', 'synced'), headset('Vega', 'pending')])).toEqual({
      kind: 'pending',
      done: 1,
      total: 2,
    });
  });
});

describe('which headsets to sync and when to stop asking', () => {
  it('syncs every headset that is neither synced nor downloading nor waiting for its sync', () => {
    const devices = [
      { ...headset('Sirius', 'synced'), id: 1 },
      { ...headset('Vega', 'failed', [3]), id: 2 },
      { ...headset('Rigel', 'syncing', [3], 5), id: 3 },
      { ...headset('Deneb', 'pending'), id: 4 },
      { ...headset('Altair', 'pending', [3], null, { syncQueued: true }), id: 5 },
    ];
    expect(headsetsToSync(devices)).toEqual([2, 4]);
    expect(isSyncUnderway(devices)).toBe(true);
    expect(isSyncUnderway([headset('Sirius', 'synced'), headset('Vega', 'failed', [1])])).toBe(false);
    // A sync that waits for a headset (say, after a failed one) keeps the page asking.
    expect(isSyncUnderway([headset('Vega', 'failed', [1], null, { syncQueued: true })])).toBe(true);
  });
});
