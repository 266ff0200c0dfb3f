import type { DeviceReadiness, ReadinessIssue } from '@portal/api';
import { describe, expect, it } from 'vitest';
import {
  fixEverything,
  headsetsOf,
  mergeReadiness,
  planOf,
  readinessGroups,
  restartedBy,
  startPlan,
  underwayProgress,
} from './readinessPlan.ts';

const GB = 1024 ** 3;
const pause: ReadinessIssue = {
  code: 'pauseUnsupported',
  fix: 'update',
  params: { requiredVersion: '4.5.0' },
};
const lacking: ReadinessIssue = { code: 'contentMissing', fix: 'sync', params: {} };
const outside: ReadinessIssue = {
  code: 'contentMissing',
  fix: 'addToPlaylist',
  params: { playlistId: 4, playlistName: 'Projektwoche' },
};
const offline: ReadinessIssue = { code: 'offline', fix: null, params: {} };

function result(
  deviceId: number,
  name: string,
  problems: ReadinessIssue[] = [],
  warnings: ReadinessIssue[] = [],
  syncTransfer: DeviceReadiness['syncTransfer'] = null,
): DeviceReadiness {
  return {
    deviceId,
    name,
    serialNumber: `PA7GY000${deviceId}`,
    ready: problems.length === 0,
    problems,
    warnings,
    syncTransfer,
  };
}

describe('startPlan', () => {
  const report = {
    results: [result(1, 'Sirius'), result(2, 'Altair', [offline]), result(3, 'Rigel', [], [pause])],
  };

  it('starts only the ready headsets and names the others; none ready, nothing to start', () => {
    expect(startPlan([1, 2, 3], report, false)).toEqual({
      kind: 'someReady',
      start: [1, 3],
      leftOut: ['Altair'],
      total: 3,
    });
    expect(startPlan([1, 3], report, false)).toEqual({ kind: 'allReady', start: [1, 3] });
    expect(startPlan([2], report, false)).toEqual({ kind: 'noneReady', total: 1 });
    expect(startPlan([], report, false)).toEqual({ kind: 'none' });
  });

  it('waits for the answer of the selection shown; a failed check lets the teacher start on all', () => {
    expect(startPlan([1, 4], report, false)).toEqual({ kind: 'checking' });
    expect(startPlan([1, 2], undefined, false)).toEqual({ kind: 'checking' });
    expect(startPlan([1, 2], undefined, true)).toEqual({ kind: 'unchecked', start: [1, 2] });
  });
});

describe('readinessGroups', () => {
  it('puts headsets with the same issue on one line, problems of the not ready, limits of the ready', () => {
    const low = (level: number): ReadinessIssue => ({
      code: 'batteryLow',
      fix: null,
      params: { batteryLevel: level },
    });
    const groups = readinessGroups([
      result(1, 'Sirius', [outside]),
      result(2, 'Canopus', [outside, offline]),
      result(3, 'Rigel', [], [pause, low(12)]),
      result(4, 'Deneb', [], [pause, low(15)]),
      result(5, 'Vega'),
    ]);
    expect(groups.problems.map((g) => [g.issue.code, g.headsets.map((h) => h.name)])).toEqual([
      ['contentMissing', ['Sirius', 'Canopus']],
      ['offline', ['Canopus']],
    ]);
    expect(groups.limits.map((g) => [g.issue.code, g.headsets])).toEqual([
      [
        'pauseUnsupported',
        [
          { deviceId: 3, name: 'Rigel', batteryLevel: undefined },
          { deviceId: 4, name: 'Deneb', batteryLevel: undefined },
        ],
      ],
      [
        'batteryLow',
        [
          { deviceId: 3, name: 'Rigel', batteryLevel: 12 },
          { deviceId: 4, name: 'Deneb', batteryLevel: 15 },
        ],
      ],
    ]);
  });

  it('keeps issues of different playlists or versions apart', () => {
    const other = { ...outside, params: { playlistId: 9, playlistName: 'Erdkunde 8b' } };
    expect(
      readinessGroups([result(1, 'Sirius', [outside]), result(2, 'Vega', [other])]).problems,
    ).toHaveLength(2);
  });
});

describe('fix plans', () => {
  it('runs every fix of the class at once: each call once, the content added once per playlist', () => {
    const plan = fixEverything([
      result(1, 'Sirius', [outside]),
      result(2, 'Canopus', [outside]),
      result(3, 'Rigel', [lacking], [pause]),
      result(4, 'Altair', [offline]),
    ]);
    expect(plan.sync).toEqual([3]);
    expect(plan.update).toEqual([3]);
    expect([...plan.addToPlaylist]).toEqual([[4, [1, 2]]]);
    expect(plan.activatePlaylist.size).toBe(0);
    expect(headsetsOf(plan)).toEqual([3, 1, 2]);
    // The update restarts Rigel: the portal asks first.
    expect(restartedBy(plan)).toEqual([3]);
  });

  it('plans one group’s fix for its headsets; a sync restarts nothing', () => {
    const plan = planOf([{ issue: lacking, deviceIds: [1, 2] }]);
    expect(plan.sync).toEqual([1, 2]);
    expect(restartedBy(plan)).toEqual([]);
    const activate = planOf([
      {
        issue: { code: 'contentMissing', fix: 'activatePlaylist', params: { playlistId: 7 } },
        deviceIds: [5],
      },
    ]);
    expect([...activate.activatePlaylist]).toEqual([[7, [5]]]);
  });
});

describe('underwayProgress', () => {
  it('counts the headsets seen under way, fixed once they no longer are, with the downloads’ bytes', () => {
    const syncing: ReadinessIssue = { code: 'syncing', fix: null, params: { progress: 50 } };
    const updating: ReadinessIssue = { code: 'updating', fix: null, params: {} };
    const results = [
      result(1, 'Sirius', [syncing], [], { bytesDone: GB, bytesTotal: 2 * GB, secondsLeft: 20 }),
      result(2, 'Canopus'),
      result(3, 'Rigel', [updating]),
      result(4, 'Vega'),
    ];
    // Canopus was under way before and is done now; Vega never was.
    expect(underwayProgress(results, new Set([1, 2, 3]))).toEqual({
      fixed: 1,
      total: 3,
      percent: 50,
      secondsLeft: null,
    });
  });
});

describe('mergeReadiness (a lesson plan: one check for every step)', () => {
  const report = (contentUuid: string, results: DeviceReadiness[]) => ({
    contentUuid,
    readyCount: results.filter((r) => r.ready).length,
    results,
  });

  it('is ready where every step is, names each problem once and adds to a playlist only the items it lacks', () => {
    const merged = mergeReadiness([
      { contentId: 11, report: report('a', [result(1, 'Sirius'), result(2, 'Rigel', [], [pause])]) },
      { contentId: 12, report: report('b', [result(1, 'Sirius', [outside]), result(2, 'Rigel', [outside])]) },
      {
        contentId: 13,
        report: report('c', [result(1, 'Sirius', [outside]), result(2, 'Rigel', [], [pause])]),
      },
    ]);
    expect(merged?.report.readyCount).toBe(0);
    expect(merged?.report.results.map((r) => [r.name, r.ready, r.problems.length])).toEqual([
      ['Sirius', false, 1],
      ['Rigel', false, 1],
    ]);
    // One line 'Zur aktiven Wiedergabeliste hinzufügen' for both headsets, bringing items 12 and 13 along.
    expect(readinessGroups(merged?.report.results ?? []).problems).toHaveLength(1);
    expect(merged?.contentsFor(4)).toEqual([12, 13]);
    expect(merged?.contentsFor(5)).toEqual([]);
  });

  it('keeps the limits of headsets ready for every step, and waits for every step to answer', () => {
    const ready = mergeReadiness([
      { contentId: 11, report: report('a', [result(2, 'Rigel', [], [pause])]) },
      { contentId: 12, report: report('b', [result(2, 'Rigel', [], [pause])]) },
    ]);
    expect(ready?.report.results[0]).toMatchObject({ ready: true, warnings: [pause] });
    expect(
      mergeReadiness([
        { contentId: 11, report: report('a', [result(1, 'Sirius')]) },
        { contentId: 12, report: undefined },
      ]),
    ).toBeUndefined();
  });
});
