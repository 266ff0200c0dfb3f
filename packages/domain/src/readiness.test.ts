import { describe, expect, it } from 'vitest';
import {
  fixesOf,
  fixRestartsHeadset,
  type ReadinessFacts,
  readinessOf,
  summariseReadiness,
} from './readiness.ts';

const playlist = { id: 4, name: 'Projektwoche Naturwissenschaften' };
const ready: ReadinessFacts = {
  isEnrolled: true,
  isOnline: true,
  batteryLevel: 80,
  softwareVersion: '4.9.4',
  syncStatus: 'synced',
  syncProgress: null,
  syncQueued: false,
  updating: false,
  holdsContent: true,
  activePlaylist: playlist,
  contentInActivePlaylist: true,
  playlistWithContent: null,
};
const codes = (facts: Partial<ReadinessFacts>, type: 'app' | 'video' | 'webApp' = 'video') =>
  readinessOf({ ...ready, ...facts }, type).problems.map((p) => p.code);

describe('readinessOf', () => {
  it('finds an online, charged headset that holds the content ready', () => {
    expect(readinessOf(ready, 'video')).toEqual({ ready: true, problems: [], warnings: [] });
  });

  it('names offline and unpaired headsets and an empty battery as problems; a low battery is a limit', () => {
    expect(codes({ isOnline: false })).toEqual(['offline']);
    expect(codes({ isEnrolled: false, isOnline: false })).toEqual(['unpaired']);
    const empty = readinessOf({ ...ready, batteryLevel: 2 }, 'video');
    expect(empty.ready).toBe(false);
    expect(empty.problems).toEqual([{ code: 'batteryEmpty', fix: null, params: { batteryLevel: 2 } }]);
    expect(empty.warnings).toEqual([]);
    // Twelve percent starts the content; the teacher is told it may not last.
    const low = readinessOf({ ...ready, batteryLevel: 12 }, 'video');
    expect(low.ready).toBe(true);
    expect(low.warnings).toEqual([{ code: 'batteryLow', fix: null, params: { batteryLevel: 12 } }]);
    expect(readinessOf({ ...ready, batteryLevel: 20 }, 'video').warnings).toEqual([]);
    expect(readinessOf({ ...ready, batteryLevel: null }, 'video')).toEqual({
      ready: true,
      problems: [],
      warnings: [],
    });
  });

  it('offers a sync for missing content of the active playlist, and none while a sync runs or waits', () => {
    expect(readinessOf({ ...ready, holdsContent: false }, 'video').problems).toEqual([
      { code: 'contentMissing', fix: 'sync', params: {} },
    ]);
    expect(
      readinessOf({ ...ready, holdsContent: false, syncStatus: 'syncing', syncProgress: 45 }, 'video')
        .problems,
    ).toEqual([{ code: 'syncing', fix: null, params: { progress: 45 } }]);
    // A sync queued by an activation or an item change brings it: no second one is offered.
    expect(
      readinessOf({ ...ready, holdsContent: false, syncStatus: 'pending', syncQueued: true }, 'video')
        .problems,
    ).toEqual([{ code: 'syncing', fix: null, params: { progress: 0 } }]);
  });

  it('offers to add content outside the active playlist to it, or to activate a playlist holding it', () => {
    const outside = { ...ready, holdsContent: false, contentInActivePlaylist: false };
    expect(readinessOf(outside, 'video').problems).toEqual([
      {
        code: 'contentMissing',
        fix: 'addToPlaylist',
        params: { playlistId: 4, playlistName: 'Projektwoche Naturwissenschaften' },
      },
    ]);
    const noPlaylist = { ...outside, activePlaylist: null };
    expect(
      readinessOf({ ...noPlaylist, playlistWithContent: { id: 7, name: 'Erdkunde 8b' } }, 'video').problems,
    ).toEqual([
      {
        code: 'contentMissing',
        fix: 'activatePlaylist',
        params: { playlistId: 7, playlistName: 'Erdkunde 8b' },
      },
    ]);
    expect(readinessOf(noPlaylist, 'video').problems).toEqual([
      { code: 'contentMissing', fix: null, params: {} },
    ]);
  });

  it('gates web apps by software version with the update as fix; not pausing is a limit with the same fix', () => {
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

  it('calls a headset restarting for its update updating, not offline, and waits for the update’s version', () => {
    const updating = readinessOf(
      { ...ready, isOnline: false, updating: true, softwareVersion: '4.2.3', batteryLevel: 15 },
      'webApp',
    );
    expect(updating.problems).toEqual([{ code: 'updating', fix: null, params: {} }]);
    expect(updating.warnings).toEqual([{ code: 'batteryLow', fix: null, params: { batteryLevel: 15 } }]);
    // Queued but not yet picked up: already on its way to a restart.
    expect(codes({ updating: true })).toEqual(['updating']);
  });

  it('names every problem at once, in a fixed order', () => {
    expect(
      codes({ isOnline: false, batteryLevel: 1, holdsContent: false, softwareVersion: null }, 'webApp'),
    ).toEqual(['offline', 'batteryEmpty', 'contentMissing', 'softwareTooOld']);
  });
});

describe('summariseReadiness', () => {
  it('counts the ready, those of them without limits, each limit, and the rest', () => {
    const old = readinessOf({ ...ready, softwareVersion: '4.2.3' }, 'video');
    const oldAndLow = readinessOf({ ...ready, softwareVersion: '4.2.3', batteryLevel: 10 }, 'video');
    const off = readinessOf({ ...ready, isOnline: false }, 'video');
    const fine = readinessOf(ready, 'video');
    expect(summariseReadiness([fine, fine, old, oldAndLow, off])).toEqual({
      total: 5,
      ready: 4,
      readyWithoutLimits: 2,
      notReady: 1,
      limits: { pauseUnsupported: 2, batteryLow: 1 },
    });
  });
});

describe('fixes', () => {
  it('lists each fix of a headset once, problems first; only the update restarts the headset', () => {
    const facts = { ...ready, softwareVersion: '4.2.3', holdsContent: false };
    expect(fixesOf(readinessOf(facts, 'video'))).toEqual(['sync', 'update']);
    expect(fixesOf(readinessOf(facts, 'webApp'))).toEqual(['sync', 'update']);
    expect(fixRestartsHeadset('update')).toBe(true);
    expect(fixRestartsHeadset('sync')).toBe(false);
    expect(fixRestartsHeadset('addToPlaylist')).toBe(false);
  });
});
