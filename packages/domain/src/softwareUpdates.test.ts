import { describe, expect, it } from 'vitest';
import type { ReceiptCommand } from './receipts.ts';
import {
  isUpdatePending,
  UPDATE_MIN_BATTERY_PERCENT,
  type UpdateFacts,
  type UpdateReceiptDevice,
  updateProblemsOf,
  updateReceiptOf,
} from './softwareUpdates.ts';

const ready: UpdateFacts = {
  isEnrolled: true,
  isOnline: true,
  batteryLevel: 80,
  softwareVersion: '4.9.4',
  deviceTypeId: 2,
  updating: false,
};
const image = { version: '5.3.0', deviceTypeIds: [2, 3] };

describe('updateProblemsOf', () => {
  it('lets an online headset of the image’s model with enough battery and older software install it', () => {
    expect(updateProblemsOf(ready, image)).toEqual([]);
  });

  it.each([
    ['not paired', { isEnrolled: false, isOnline: false }, ['unpaired']],
    ['offline', { isOnline: false }, ['offline']],
    ['battery below 50 %', { batteryLevel: UPDATE_MIN_BATTERY_PERCENT - 1 }, ['batteryLow']],
    ['battery never reported', { batteryLevel: null }, ['batteryLow']],
    ['an update under way', { updating: true }, ['updateRunning']],
    ['another model', { deviceTypeId: 4 }, ['wrongModel']],
    ['on the image’s version', { softwareVersion: '5.3.0' }, ['upToDate']],
    ['on a newer version', { softwareVersion: '5.10.0' }, ['upToDate']],
    [
      'offline, battery low and up to date',
      { isOnline: false, batteryLevel: 10, softwareVersion: '6.0.0' },
      ['offline', 'batteryLow', 'upToDate'],
    ],
  ] as const)('%s', (_, change, problems) => {
    expect(updateProblemsOf({ ...ready, ...change }, image)).toEqual(problems);
  });

  it('takes exactly 50 % as enough', () => {
    expect(updateProblemsOf({ ...ready, batteryLevel: 50 }, image)).toEqual([]);
  });

  it('counts a never-reported version as older than any image', () => {
    expect(updateProblemsOf({ ...ready, softwareVersion: null }, image)).toEqual([]);
  });

  it('without an image asks only the headset’s state', () => {
    expect(updateProblemsOf({ ...ready, deviceTypeId: 9, softwareVersion: '9.9.9' }, null)).toEqual([]);
    expect(updateProblemsOf({ ...ready, isOnline: false }, null)).toEqual(['offline']);
  });
});

describe('updateReceiptOf', () => {
  const finishedAt = '2026-05-04T10:00:00.000Z';
  const command = (status: ReceiptCommand['status'], more: Partial<ReceiptCommand> = {}): ReceiptCommand => ({
    command: 'CMD.UPDATE',
    status,
    code: null,
    message: null,
    finishedAt: status === 'done' || status === 'failed' || status === 'expired' ? finishedAt : null,
    ...more,
  });
  const device = (more: Partial<UpdateReceiptDevice> = {}): UpdateReceiptDevice => ({
    isOnline: true,
    softwareVersion: '4.9.4',
    softwareUpdate: null,
    stateReportedAt: '2026-05-04T09:59:00.000Z',
    ...more,
  });

  it('walks gesendet → angekommen → lädt herunter → installiert → neu gestartet', () => {
    expect(updateReceiptOf(command('queued'), device(), '5.3.0')).toEqual({ state: 'sent' });
    expect(updateReceiptOf(command('delivered'), device(), '5.3.0')).toEqual({ state: 'arrived' });
    const downloading = { version: '5.3.0', phase: 'downloading', progress: 42 } as const;
    expect(updateReceiptOf(command('delivered'), device({ softwareUpdate: downloading }), '5.3.0')).toEqual({
      state: 'downloading',
      progress: 42,
    });
    const installing = { ...downloading, phase: 'installing', progress: 100 } as const;
    expect(updateReceiptOf(command('delivered'), device({ softwareUpdate: installing }), '5.3.0')).toEqual({
      state: 'installing',
    });
    // Done and gone down to install: offline is expected until it reports again.
    expect(updateReceiptOf(command('done'), device({ isOnline: false }), '5.3.0')).toEqual({
      state: 'installed',
    });
    const back = device({ softwareVersion: '5.3.0', stateReportedAt: '2026-05-04T10:00:41.000Z' });
    expect(updateReceiptOf(command('done'), back, '5.3.0')).toEqual({ state: 'restarted', version: '5.3.0' });
  });

  it('fails when the headset comes back with another version than the image’s', () => {
    const back = device({ softwareVersion: '4.9.4', stateReportedAt: '2026-05-04T10:00:41.000Z' });
    expect(updateReceiptOf(command('done'), back, '5.3.0')).toEqual({
      state: 'failed',
      reason: { code: 'notInstalled' },
      version: '4.9.4',
    });
    // Without an image (the headset's own update channel) whatever it runs now is what it installed.
    expect(updateReceiptOf(command('done'), back, null)).toEqual({ state: 'restarted', version: '4.9.4' });
  });

  it('fails with the headset’s or the expiry’s reason, and when it went offline before it was done', () => {
    expect(
      updateReceiptOf(command('failed', { message: 'kein Speicherplatz mehr' }), device(), '5.3.0'),
    ).toEqual({
      state: 'failed',
      reason: { code: 'other', message: 'kein Speicherplatz mehr' },
    });
    expect(updateReceiptOf(command('expired'), device(), '5.3.0').reason?.code).toBe('expired');
    expect(updateReceiptOf(command('delivered'), device({ isOnline: false }), '5.3.0')).toEqual({
      state: 'failed',
      reason: { code: 'offline' },
    });
  });

  it('counts every stage but neu gestartet and fehlgeschlagen as still moving', () => {
    expect(isUpdatePending({ state: 'installed' })).toBe(true);
    expect(isUpdatePending({ state: 'downloading', progress: 3 })).toBe(true);
    expect(isUpdatePending({ state: 'restarted', version: '5.3.0' })).toBe(false);
    expect(isUpdatePending({ state: 'failed' })).toBe(false);
  });
});
