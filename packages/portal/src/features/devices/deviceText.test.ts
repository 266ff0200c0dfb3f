import type { TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { testDevice } from '../../test/devices.ts';
import { germanT } from '../../test/i18n.ts';
import {
  batteryText,
  gateReason,
  lastSeenText,
  runningText,
  statusOf,
  storageOf,
  syncText,
} from './deviceText.ts';

let t: TFunction<'devices'>;
beforeAll(async () => {
  t = await germanT('devices');
});

const now = Date.parse('2026-11-24T10:00:00Z');
const minutesAgo = (minutes: number) => new Date(now - minutes * 60_000).toISOString();
const GiB = 1024 ** 3;

describe('what the fleet shows of a headset', () => {
  it("says when an offline headset was last seen ('zuletzt gesehen vor 5 Min.')", () => {
    expect(lastSeenText(t, minutesAgo(5), now)).toBe('zuletzt gesehen vor 5 Min.');
    expect(lastSeenText(t, minutesAgo(0.2), now)).toBe('zuletzt gesehen gerade eben');
    expect(lastSeenText(t, minutesAgo(3 * 60), now)).toBe('zuletzt gesehen vor 3 Std.');
    expect(lastSeenText(t, minutesAgo(2 * 24 * 60), now)).toBe('zuletzt gesehen vor 2 Tagen');
    expect(lastSeenText(t, null, now)).toBe('noch nie verbunden');
    expect(statusOf(t, testDevice({ isOnline: false, lastSeen: minutesAgo(5) }), now)).toEqual({
      dot: 'offline',
      label: 'Offline',
      lastSeen: 'zuletzt gesehen vor 5 Min.',
    });
    expect(statusOf(t, testDevice({ syncStatus: 'syncing' }), now)).toEqual({
      dot: 'syncing',
      label: 'Synchronisiert',
      lastSeen: null,
    });
    expect(statusOf(t, testDevice({ isEnrolled: false, lastSeen: null }), now).label).toBe('Nicht gekoppelt');
  });

  it('measures storage against the capacity of the model (spec §3), else against what the headset reported', () => {
    const types = [{ id: 2, name: 'Pico G2 4K', storageCapacityGb: 64 }];
    const device = testDevice({
      deviceType: { id: 2, name: 'Pico G2 4K' },
      storageUsed: 14.78 * GiB,
      storageTotal: 60 * GiB,
    });
    expect(storageOf(t, device, types, 'de')).toEqual({
      used: 14.78 * GiB,
      capacity: 64 * GiB,
      text: '14,78 GB von 64,00 GB',
    });
    expect(storageOf(t, device, [], 'en')?.text).toBe('14.78 GB von 60.00 GB');
    expect(storageOf(t, testDevice({ storageUsed: null }), types, 'de')).toBeNull();
  });

  it('words battery, sync state and what runs', () => {
    expect(batteryText(t, 80, 'de')).toBe('80 %');
    expect(batteryText(t, null, 'de')).toBe('unbekannt');
    expect(syncText(t, testDevice({ syncStatus: 'syncing', syncProgress: 40 }))).toBe(
      'wird synchronisiert (40 %)',
    );
    expect(syncText(t, testDevice({ syncStatus: 'pending', missingContent: [3, 4] }))).toBe(
      'nicht synchronisiert: 2 Inhalte fehlen',
    );
    expect(syncText(t, testDevice())).toBe('synchronisiert');
    expect(runningText(t, testDevice({ currentApp: 'Korallenriff', playbackState: 'paused' }))).toBe(
      'Korallenriff (pausiert)',
    );
    expect(runningText(t, testDevice())).toBe('Nichts');
  });

  it('isolates a reported app name that carries a right-to-left override: "(läuft)" stays after it', () => {
    expect(runningText(t, testDevice({ currentApp: '\u202EKorallenriff', playbackState: 'playing' }))).toBe(
      '\u2068\u202EKorallenriff\u2069 (läuft)',
    );
  });

  it('names the version a gated command needs, from the gates of @portal/domain', () => {
    expect(gateReason(t, '4.2.3', 'CMD.MUTE')).toBe(
      'Benötigt Software 4.9.4 oder neuer (installiert: 4.2.3).',
    );
    expect(gateReason(t, '3.9.2', 'CMD.SET.GUIDED.MODE')).toBe(
      'Benötigt Software 4.0.1 oder neuer (installiert: 3.9.2).',
    );
    expect(gateReason(t, null, 'CMD.SET.MANUFACTURER.MODE')).toBe(
      'Benötigt Software 4.7.0 oder neuer; die installierte Version ist nicht bekannt.',
    );
    expect(gateReason(t, '4.9.4', 'CMD.MUTE')).toBeUndefined();
    expect(gateReason(t, '3.9.2', 'CMD.REBOOT')).toBeUndefined();
  });
});
