import type { DeviceReadiness, ReadinessIssue, ReadinessReport } from '@portal/api';
import { type FixProgress, fixProgress, fixRestartsHeadset, type ReadinessFix } from '@portal/domain';

/**
 * The readiness check (checkDeviceReadiness) as the playback page acts on it, pure so that it is tested on its own:
 * which headsets 'Starten' reaches, the problems and limits grouped by what they say (a class set of 30 lacking one
 * video is one line, not thirty), the fixes one click runs, and the one progress of the fixes under way.
 */

/** What the start can do with the headsets ticked now. */
export type StartPlan =
  /** Nothing ticked. */
  | { kind: 'none' }
  /** The check for these headsets has not answered yet. */
  | { kind: 'checking' }
  /** The check failed: the teacher may start on all of them (the server still refuses what it must). */
  | { kind: 'unchecked'; start: number[] }
  | { kind: 'noneReady'; total: number }
  | { kind: 'someReady'; start: number[]; leftOut: string[]; total: number }
  | { kind: 'allReady'; start: number[] };

/**
 * The start's plan: only the headsets the check found ready (issue 22: readiness is a promise, 'Auf 28 von 30
 * starten'), the others named. A report for another selection (the previous one, while the new check runs) counts as
 * no answer.
 */
export function startPlan(
  picked: readonly number[],
  check: { results: readonly DeviceReadiness[] } | undefined,
  failed: boolean,
): StartPlan {
  if (picked.length === 0) return { kind: 'none' };
  const byId = new Map((check?.results ?? []).map((result) => [result.deviceId, result]));
  if (!picked.every((id) => byId.has(id)))
    return failed ? { kind: 'unchecked', start: [...picked] } : { kind: 'checking' };
  const ready = picked.filter((id) => byId.get(id)?.ready);
  if (ready.length === 0) return { kind: 'noneReady', total: picked.length };
  if (ready.length === picked.length) return { kind: 'allReady', start: ready };
  const leftOut = picked.flatMap((id) => {
    const result = byId.get(id);
    return result && !result.ready ? [result.name] : [];
  });
  return { kind: 'someReady', start: ready, leftOut, total: picked.length };
}

/** A headset named in a group, with its own value where the group's words leave it out (its battery level). */
export interface GroupedHeadset {
  deviceId: number;
  name: string;
  batteryLevel?: number | undefined;
}

/** Headsets with the same problem or limit, the same fix and the same playlist or version: one line of the panel. */
export interface IssueGroup {
  key: string;
  /** The issue as the first headset has it (its per-headset values are in `headsets`). */
  issue: ReadinessIssue;
  headsets: GroupedHeadset[];
}

/** What makes two issues the same line: their code, fix and the values that are not the headset's own. */
function groupKey(issue: ReadinessIssue): string {
  const { code, fix, params } = issue;
  return JSON.stringify([code, fix, params.requiredVersion ?? null, params.playlistId ?? null]);
}

function groupIssues(
  results: readonly DeviceReadiness[],
  issuesOf: (result: DeviceReadiness) => ReadinessIssue[],
): IssueGroup[] {
  const groups = new Map<string, IssueGroup>();
  for (const result of results) {
    for (const issue of issuesOf(result)) {
      const key = groupKey(issue);
      const group = groups.get(key) ?? { key, issue, headsets: [] };
      group.headsets.push({
        deviceId: result.deviceId,
        name: result.name,
        batteryLevel: issue.params.batteryLevel,
      });
      groups.set(key, group);
    }
  }
  return [...groups.values()];
}

/** The problems of the headsets that are not ready, and the limits of those that are, each grouped. */
export function readinessGroups(results: readonly DeviceReadiness[]): {
  problems: IssueGroup[];
  limits: IssueGroup[];
} {
  return {
    problems: groupIssues(
      results.filter((r) => !r.ready),
      (r) => r.problems,
    ),
    limits: groupIssues(
      results.filter((r) => r.ready),
      (r) => r.warnings,
    ),
  };
}

/**
 * The fixes one click runs, each call once: syncs and updates for their headsets, and per playlist the content added
 * (`addToPlaylist`: one addition brings it to every headset of that playlist) or the headsets added
 * (`activatePlaylist`).
 */
export interface FixPlan {
  sync: number[];
  update: number[];
  addToPlaylist: Map<number, number[]>;
  activatePlaylist: Map<number, number[]>;
}

export function emptyFixPlan(): FixPlan {
  return { sync: [], update: [], addToPlaylist: new Map(), activatePlaylist: new Map() };
}

/** The plan of some issues: each issue's fix for its headsets. */
export function planOf(items: readonly { issue: ReadinessIssue; deviceIds: readonly number[] }[]): FixPlan {
  const plan = emptyFixPlan();
  const add = (map: Map<number, number[]>, playlist: number | undefined, ids: readonly number[]) => {
    if (playlist === undefined) return;
    map.set(playlist, [...new Set([...(map.get(playlist) ?? []), ...ids])]);
  };
  for (const { issue, deviceIds } of items) {
    const fix: ReadinessFix | null = issue.fix;
    if (fix === 'sync') plan.sync = [...new Set([...plan.sync, ...deviceIds])];
    else if (fix === 'update') plan.update = [...new Set([...plan.update, ...deviceIds])];
    else if (fix === 'addToPlaylist') add(plan.addToPlaylist, issue.params.playlistId, deviceIds);
    else if (fix === 'activatePlaylist') add(plan.activatePlaylist, issue.params.playlistId, deviceIds);
  }
  return plan;
}

/** 'Alles beheben': every fix of every problem and limit of the headsets checked. */
export function fixEverything(results: readonly DeviceReadiness[]): FixPlan {
  return planOf(
    results.flatMap((result) =>
      [...result.problems, ...result.warnings].map((issue) => ({ issue, deviceIds: [result.deviceId] })),
    ),
  );
}

/** The headsets a plan fixes, each once ('Alles beheben (6)'). */
export function headsetsOf(plan: FixPlan): number[] {
  return [
    ...new Set([
      ...plan.sync,
      ...plan.update,
      ...[...plan.addToPlaylist.values()].flat(),
      ...[...plan.activatePlaylist.values()].flat(),
    ]),
  ];
}

/** The headsets a plan restarts: the portal asks before it runs it. */
export function restartedBy(plan: FixPlan): number[] {
  const perHeadset = ['sync', 'update'] as const;
  return [...new Set(perHeadset.filter(fixRestartsHeadset).flatMap((fix) => plan[fix]))];
}

/** A fix runs on the headset: its content is on its way or it restarts for its update. */
export function isUnderway(result: DeviceReadiness): boolean {
  return result.problems.some((p) => p.code === 'syncing' || p.code === 'updating');
}

/**
 * The one progress of the fixes under way ('Alles beheben', or a sync started elsewhere): over every headset seen
 * under way since the last time none was, a headset counts fixed once it no longer is.
 */
export function underwayProgress(
  results: readonly DeviceReadiness[],
  seen: ReadonlySet<number>,
): FixProgress {
  return fixProgress(
    results
      .filter((result) => seen.has(result.deviceId) || isUnderway(result))
      .map((result) => ({ fixed: !isUnderway(result), transfer: result.syncTransfer })),
  );
}

/** One content's check of a lesson plan's steps: the item and its report (undefined until it answered). */
export interface StepCheck {
  contentId: number;
  report: ReadinessReport | undefined;
}

/** The same issue once, whichever step had it ('Inhalt fehlt in der aktiven Wiedergabeliste' for two items is one). */
function uniqueIssues(issues: readonly ReadinessIssue[]): ReadinessIssue[] {
  const seen = new Map(issues.map((issue) => [JSON.stringify(issue), issue]));
  return [...seen.values()];
}

/**
 * One readiness check for every step of a lesson plan (issue 26): a headset is ready when it is ready for every
 * step's item, with the problems and limits of all of them, each once. Undefined until every step's check answered.
 * `contentsFor(playlist)` names the items the 'addToPlaylist' fix adds to that playlist: those it lacks.
 */
export function mergeReadiness(
  checks: readonly StepCheck[],
): { report: ReadinessReport; contentsFor: (playlistId: number) => number[] } | undefined {
  const reports = checks.flatMap((check) => (check.report ? [check.report] : []));
  const [first] = reports;
  if (!first || reports.length < checks.length) return undefined;
  const results = first.results.map((head): DeviceReadiness => {
    const all = reports.flatMap((report) => report.results.filter((r) => r.deviceId === head.deviceId));
    return {
      ...head,
      ready: all.every((r) => r.ready),
      problems: uniqueIssues(all.flatMap((r) => r.problems)),
      warnings: uniqueIssues(all.filter((r) => r.ready).flatMap((r) => r.warnings)),
      syncTransfer: all.find((r) => r.syncTransfer !== null)?.syncTransfer ?? null,
    };
  });
  const missing = new Map<number, number[]>();
  for (const check of checks) {
    for (const result of check.report?.results ?? []) {
      for (const issue of result.problems) {
        const playlist = issue.params.playlistId;
        if (issue.fix !== 'addToPlaylist' || playlist === undefined) continue;
        missing.set(playlist, [...new Set([...(missing.get(playlist) ?? []), check.contentId])]);
      }
    }
  }
  return {
    report: { ...first, readyCount: results.filter((r) => r.ready).length, results },
    contentsFor: (playlistId) => missing.get(playlistId) ?? [],
  };
}
