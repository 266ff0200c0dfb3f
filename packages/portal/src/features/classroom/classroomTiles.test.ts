import { describe, expect, it } from 'vitest';
import { testDevice } from '../../test/devices.ts';
import { germanT } from '../../test/i18n.ts';
import { selectionAfterClick, tileOf, tileProblemsOf, tileStatusOf } from './classroomTiles.ts';

const now = Date.parse('2026-11-24T10:00:00.000Z');
const t = await germanT('devices');

describe('tileStatusOf', () => {
  it('is offline by the online rule, no answer once a poll is missed, online otherwise', () => {
    expect(
      tileStatusOf({ isOnline: false, isEnrolled: true, lastSeen: '2026-11-24T09:59:59.000Z' }, now),
    ).toBe('offline');
    expect(tileStatusOf({ isOnline: true, isEnrolled: false, lastSeen: null }, now)).toBe('offline');
    expect(
      tileStatusOf({ isOnline: true, isEnrolled: true, lastSeen: '2026-11-24T09:59:40.000Z' }, now),
    ).toBe('online');
    expect(
      tileStatusOf({ isOnline: true, isEnrolled: true, lastSeen: '2026-11-24T09:59:20.000Z' }, now),
    ).toBe('noAnswer');
  });
});

describe('tileOf', () => {
  it('names the headset with its state, battery, what plays with its progress and the attention', () => {
    const device = testDevice({
      lastSeen: '2026-11-24T09:59:55.000Z',
      batteryLevel: 12,
      currentApp: 'Unterwegs im Sonnensystem',
      currentContentUuid: 'c0ffee00-0000-4000-8000-000000000001',
      playbackState: 'paused',
      currentTime: 150,
      attentionFallback: true,
    });
    const tile = tileOf(t, device, now, new Map([['c0ffee00-0000-4000-8000-000000000001', 600]]));
    expect(tile.status).toBe('online');
    expect(tile.batteryLow).toBe(true);
    expect(tile.playback).toEqual({
      title: 'Unterwegs im Sonnensystem',
      progress: 25,
      paused: true,
      stateLabel: 'pausiert 0:02:30 · 25 %',
    });
    expect(tile.attentionLabel).toBe('Blick nach vorn');
    expect(tile.accessibleName).toBe(
      'Sirius: Online, Akku 12 %, „Unterwegs im Sonnensystem“ pausiert 0:02:30, Blick nach vorn',
    );
    expect(tile.selectLabel).toBe('Sirius auswählen');
  });

  it('shows nothing playing on an offline headset, whatever it reported last', () => {
    const tile = tileOf(
      t,
      testDevice({ isOnline: false, currentApp: 'Zelle', playbackState: 'playing', attention: 'Hallo' }),
      now,
      new Map(),
    );
    expect(tile.playback).toBeUndefined();
    expect(tile.attentionLabel).toBeUndefined();
    expect(tile.accessibleName).toBe('Sirius: Offline, Akku 80 %');
  });
});

describe('tileProblemsOf', () => {
  it('names outdated software, missing content and nearly full storage', () => {
    const device = testDevice({
      softwareVersion: '4.9.4',
      newestOperatingSystem: { id: 1, version: '5.2.0' },
      missingContent: [3],
      storageTotal: 100,
      storageUsed: 96,
    });
    expect(tileProblemsOf(t, device).map((p) => p.label)).toEqual([
      'Software veraltet',
      'Inhalt fehlt',
      'Speicher fast voll',
    ]);
    expect(tileProblemsOf(t, testDevice())).toEqual([]);
  });
});

describe('selectionAfterClick', () => {
  const order = [5, 6, 7, 8, 9];
  it('toggles one tile, or with Shift the range from the last click to this one', () => {
    expect([...selectionAfterClick(order, new Set(), null, 6, true, false)]).toEqual([6]);
    expect([...selectionAfterClick(order, new Set([6]), 6, 9, true, true)].sort()).toEqual([6, 7, 8, 9]);
    expect([...selectionAfterClick(order, new Set([6, 7, 8, 9]), 9, 7, false, true)]).toEqual([6]);
    // Without an anchor, Shift toggles the one tile.
    expect([...selectionAfterClick(order, new Set(), null, 8, true, true)]).toEqual([8]);
  });
});
