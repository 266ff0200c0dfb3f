import { describe, expect, it } from 'vitest';
import { type ReadinessFacts, readinessOf } from './readiness.ts';

const ready: ReadinessFacts = {
  isEnrolled: true,
  isOnline: true,
  batteryLevel: 80,
  softwareVersion: '4.9.4',
  syncStatus: 'synced',
  syncProgress: null,
  holdsContent: true,
  contentInActivePlaylist: true,
};
const codes = (facts: Partial<ReadinessFacts>, type: 'app' | 'video' | 'webApp' = 'video') =>
  readinessOf({ ...ready, ...facts }, type).problems.map((p) => p.code);

describe('readinessOf', () => {
  it('finds an online, charged headset that holds the content ready', () => {
    expect(readinessOf(ready, 'video')).toEqual({ ready: true, problems: [], warnings: [] });
  });

  it('names offline and unpaired headsets, low battery from 19 % down, and an unknown battery not', () => {
    expect(codes({ isOnline: false })).toEqual(['offline']);
    expect(codes({ isEnrolled: false, isOnline: false })).toEqual(['unpaired']);
    const low = readinessOf({ ...ready, batteryLevel: 12 }, 'video');
    expect(low.ready).toBe(false);
    expect(low.problems).toEqual([{ code: 'batteryLow', fix: null, params: { batteryLevel: 12 } }]);
    expect(codes({ batteryLevel: 20 })).toEqual([]);
    expect(codes({ batteryLevel: null })).toEqual([]);
  });

  it('offers a sync for missing content of the active playlist, none for other content, and shows a running sync', () => {
    expect(readinessOf({ ...ready, holdsContent: false }, 'video').problems).toEqual([
      { code: 'contentMissing', fix: 'sync', params: {} },
    ]);
    expect(
      readinessOf({ ...ready, holdsContent: false, contentInActivePlaylist: false }, 'video').problems,
    ).toEqual([{ code: 'contentMissing', fix: null, params: {} }]);
    expect(
      readinessOf({ ...ready, holdsContent: false, syncStatus: 'syncing', syncProgress: 45 }, 'video')
        .problems,
    ).toEqual([{ code: 'syncing', fix: null, params: { progress: 45 } }]);
  });

  it('gates web apps by software version with the update as fix, and warns when pausing is not possible', () => {
    expect(readinessOf({ ...ready, softwareVersion: '4.2.3' }, 'webApp').problems).toEqual([
      { code: 'softwareTooOld', fix: 'update', params: { requiredVersion: '4.5.0' } },
    ]);
    const video = readinessOf({ ...ready, softwareVersion: '4.2.3' }, 'video');
    expect(video.ready).toBe(true);
    expect(video.warnings).toEqual([
      { code: 'pauseUnsupported', fix: 'update', params: { requiredVersion: '4.5.0' } },
    ]);
    // The web app's own problem carries the update already: no second word about pausing.
    expect(readinessOf({ ...ready, softwareVersion: '4.2.3' }, 'webApp').warnings).toEqual([]);
  });

  it('names every problem at once, in a fixed order', () => {
    expect(
      codes({ isOnline: false, batteryLevel: 5, holdsContent: false, softwareVersion: null }, 'webApp'),
    ).toEqual(['offline', 'batteryLow', 'contentMissing', 'softwareTooOld']);
  });
});
