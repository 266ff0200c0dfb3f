import type { CommandReceipt } from '@portal/api';
import { describe, expect, it } from 'vitest';
import { testCommand, testDevice } from '../../test/devices.ts';
import {
  operatingSystemFormErrors,
  rolloutHeadsets,
  rolloutProblems,
  rolloutReceipts,
} from './operatingSystemRules.ts';

const NEO = { id: 2, name: 'Pico Neo 3 Pro' };
const G3 = { id: 3, name: 'Pico G3' };
const image = { version: '5.3.0', deviceTypes: [NEO] };

describe('rolloutProblems', () => {
  it('finds an online Neo 3 Pro below 5.3.0 with half its battery ready', () => {
    expect(rolloutProblems(image, testDevice({ batteryLevel: 50 }))).toEqual([]);
  });

  it('names every reason the server would refuse CMD.UPDATE for', () => {
    expect(rolloutProblems(image, testDevice({ isOnline: false, batteryLevel: 49 }))).toEqual([
      'offline',
      'batteryLow',
    ]);
    expect(rolloutProblems(image, testDevice({ softwareVersion: '5.3.0' }))).toEqual(['upToDate']);
    expect(rolloutProblems(image, testDevice({ deviceType: G3 }))).toEqual(['wrongModel']);
    const updating = { operatingSystemId: 1, version: '5.3.0', phase: 'downloading' as const, progress: 10 };
    expect(rolloutProblems(image, testDevice({ softwareUpdate: updating }))).toEqual(['updateRunning']);
  });
});

describe('rolloutHeadsets', () => {
  it('offers the headsets of the image’s models, those that need it first', () => {
    const headsets = [
      testDevice({ id: 1, name: 'Achernar', softwareVersion: '5.3.0' }),
      testDevice({ id: 2, name: 'Capella', deviceType: G3 }),
      testDevice({ id: 3, name: 'Rigel', softwareVersion: '4.9.4' }),
    ];
    expect(rolloutHeadsets(image, headsets).map((h) => h.name)).toEqual(['Rigel', 'Achernar']);
  });
});

describe('rolloutReceipts', () => {
  const device = {
    id: 3,
    name: 'Rigel',
    isOnline: true,
    playbackState: 'stopped' as const,
    currentContentUuid: null,
    stateReportedAt: '2026-11-27T10:00:05.000Z',
    syncStatus: 'synced' as const,
    syncProgress: null,
    softwareVersion: '5.3.0',
    softwareUpdate: null,
  };
  const receipt = (overrides: Partial<CommandReceipt['command']>): CommandReceipt => ({
    command: testCommand({ id: 7, deviceId: 3, command: 'CMD.UPDATE', ...overrides }),
    device,
  });

  it('says gesendet before the headset answered and failed with the server’s reason for a refusal', () => {
    const receipts = rolloutReceipts(
      [
        { headsetId: 3, commandId: 7 },
        { headsetId: 4, refusal: { code: 'batteryTooLow' } },
      ],
      [],
      '5.3.0',
    );
    expect(receipts.get(3)).toEqual({ state: 'sent' });
    expect(receipts.get(4)).toEqual({ state: 'failed', reason: { code: 'batteryTooLow' } });
  });

  it('follows the headset’s reports to its restart with the image’s version', () => {
    const done = receipt({ status: 'done', finishedAt: '2026-11-27T10:00:00.000Z' });
    expect(rolloutReceipts([{ headsetId: 3, commandId: 7 }], [done], '5.3.0').get(3)).toEqual({
      state: 'restarted',
      version: '5.3.0',
    });
    expect(rolloutReceipts([{ headsetId: 3, commandId: 7 }], [done], '5.4.0').get(3)).toMatchObject({
      state: 'failed',
      reason: { code: 'notInstalled' },
    });
  });
});

describe('operatingSystemFormErrors', () => {
  it('asks for a name, a version of three numbers and a model', () => {
    expect(
      operatingSystemFormErrors({ name: ' ', version: '5.3', deviceTypeIds: [], releaseNotes: '' }),
    ).toEqual({
      name: 'form.errors.nameRequired',
      version: 'form.errors.versionInvalid',
      deviceTypeIds: 'form.errors.modelsRequired',
    });
    expect(
      operatingSystemFormErrors({
        name: 'Pico OS',
        version: ' 5.3.0 ',
        deviceTypeIds: [2],
        releaseNotes: '',
      }),
    ).toEqual({ name: undefined, version: undefined, deviceTypeIds: undefined });
    expect(
      operatingSystemFormErrors({
        name: 'x'.repeat(201),
        version: '5.3.0',
        deviceTypeIds: [2],
        releaseNotes: '',
      }).name,
    ).toBe('form.errors.nameTooLong');
  });
});
