import type { ContentType } from './content.ts';
import { startCommandFor } from './devices.ts';
import { isBatteryEmpty, isBatteryLow, type SyncState } from './fleet.ts';
import { unmetVersionGate } from './gates.ts';

/**
 * 'Ist meine Klasse startklar?' (issues 14, 22, 23): whether a headset can start a piece of content now, and if not,
 * why, with the one-click fix where one exists. The server answers the check (it knows what each headset holds); the
 * rule is here, once.
 *
 * The check is a promise (issue 22): a headset counted ready starts the content when 'Starten' is pressed. What stops
 * a start is a problem; what does not stop it but the teacher should know before the lesson is a limit (the
 * contract's `warnings`), shown apart ('26 startklar · 4 ohne Pause').
 */

/** What stops a headset from starting the content. */
export const READINESS_PROBLEMS = [
  /** Not paired with the portal yet (no device token): it cannot receive commands at all. */
  'unpaired',
  /** Switched off or not connected (the online rule). */
  'offline',
  /** Installing a software update the portal sent: it restarts and is back in a few minutes. */
  'updating',
  /** Battery at or below EMPTY_BATTERY_PERCENT: the headset starts nothing. */
  'batteryEmpty',
  /**
   * The content is not on the headset. Fixed by a sync when the headset's active playlist holds it, by adding it to
   * that playlist when it does not, by activating a playlist holding it when the headset has none.
   */
  'contentMissing',
  /** A sync that brings the content is queued or runs (with its progress). */
  'syncing',
  /** The software is too old to start content of this type (version gate of its start command). */
  'softwareTooOld',
] as const;
export type ReadinessProblemCode = (typeof READINESS_PROBLEMS)[number];

/** Limits: the headset starts, but the teacher should know before the lesson. */
export const READINESS_WARNINGS = [
  /** Pausing and resuming need software the headset lacks (version gate `pauseResume`). */
  'pauseUnsupported',
  /** Battery below LOW_BATTERY_PERCENT: it may not last the lesson. */
  'batteryLow',
] as const;
export type ReadinessWarningCode = (typeof READINESS_WARNINGS)[number];

/**
 * The one-click fixes: `sync` queues a playlist sync (CMD.SYNC) that downloads the missing content; `update` installs
 * the newest software (CMD.UPDATE, which every version can run: a software sync needs 4.7.0 itself and does not change
 * the version); `addToPlaylist` adds the content to the headset's active playlist (`params.playlistId`), which queues
 * the sync of that playlist's headsets; `activatePlaylist` activates a playlist holding the content
 * (`params.playlistId`) on a headset that has none.
 */
export const READINESS_FIXES = ['sync', 'update', 'addToPlaylist', 'activatePlaylist'] as const;
export type ReadinessFix = (typeof READINESS_FIXES)[number];

/** Fixes that restart the headset: the portal asks before it runs them. */
export const RESTARTING_FIXES = ['update'] as const satisfies readonly ReadinessFix[];

export function fixRestartsHeadset(fix: ReadinessFix): boolean {
  return (RESTARTING_FIXES as readonly ReadinessFix[]).includes(fix);
}

export interface ReadinessIssue<Code extends string> {
  code: Code;
  fix: ReadinessFix | null;
  /**
   * Values the portal words: `batteryLevel` (percent), `progress` (percent of a running sync), `requiredVersion`, and
   * for the playlist fixes the playlist's `playlistId` and `playlistName`.
   */
  params: {
    batteryLevel?: number;
    progress?: number;
    requiredVersion?: string;
    playlistId?: number;
    playlistName?: string;
  };
}

export interface Readiness {
  ready: boolean;
  problems: ReadinessIssue<ReadinessProblemCode>[];
  warnings: ReadinessIssue<ReadinessWarningCode>[];
}

/** A playlist as the readiness check names it. */
export interface ReadinessPlaylist {
  id: number;
  name: string;
}

/** What the check needs to know about one headset and the content. */
export interface ReadinessFacts {
  isEnrolled: boolean;
  isOnline: boolean;
  batteryLevel: number | null;
  softwareVersion: string | null;
  syncStatus: SyncState;
  syncProgress: number | null;
  /** A sync (CMD.SYNC) waits for the headset: it reads the active playlist when it picks it up. */
  syncQueued: boolean;
  /** A software update the portal sent is under way: queued, or the headset restarts for it. */
  updating: boolean;
  /** The headset reported that it holds the content. */
  holdsContent: boolean;
  /** The headset's active playlist, if it has one. */
  activePlaylist: ReadinessPlaylist | null;
  /** The headset's active playlist lists the content, so a sync brings it. */
  contentInActivePlaylist: boolean;
  /** A playlist of the headset's organisation that lists the content (for a headset without an active playlist). */
  playlistWithContent: ReadinessPlaylist | null;
}

const playlistParams = (playlist: ReadinessPlaylist) => ({
  playlistId: playlist.id,
  playlistName: playlist.name,
});

/** Why the content is not there and what brings it: a sync, the playlist it lacks, or nothing the portal can do. */
function missingContent(facts: ReadinessFacts): ReadinessIssue<ReadinessProblemCode> {
  if (facts.contentInActivePlaylist) {
    // A sync already on its way brings it: no second one is offered.
    if (facts.syncStatus === 'syncing' || facts.syncQueued) {
      return { code: 'syncing', fix: null, params: { progress: facts.syncProgress ?? 0 } };
    }
    return { code: 'contentMissing', fix: 'sync', params: {} };
  }
  if (facts.activePlaylist) {
    return { code: 'contentMissing', fix: 'addToPlaylist', params: playlistParams(facts.activePlaylist) };
  }
  if (facts.playlistWithContent) {
    return {
      code: 'contentMissing',
      fix: 'activatePlaylist',
      params: playlistParams(facts.playlistWithContent),
    };
  }
  return { code: 'contentMissing', fix: null, params: {} };
}

/**
 * The readiness of one headset for content of `contentType`. Every problem is named (a teacher fixes them all before
 * the lesson), in the order of {@link READINESS_PROBLEMS}. A headset is ready when it has no problem; limits do not
 * count. A headset being updated is 'updating' rather than offline, and what the update changes (the version gates)
 * is not named again until it is back.
 */
export function readinessOf(facts: ReadinessFacts, contentType: ContentType): Readiness {
  const problems: ReadinessIssue<ReadinessProblemCode>[] = [];
  const warnings: ReadinessIssue<ReadinessWarningCode>[] = [];
  if (!facts.isEnrolled) problems.push({ code: 'unpaired', fix: null, params: {} });
  else if (facts.updating) problems.push({ code: 'updating', fix: null, params: {} });
  else if (!facts.isOnline) problems.push({ code: 'offline', fix: null, params: {} });
  const battery = facts.batteryLevel;
  if (battery !== null && isBatteryEmpty(battery)) {
    problems.push({ code: 'batteryEmpty', fix: null, params: { batteryLevel: battery } });
  }
  if (!facts.holdsContent) problems.push(missingContent(facts));
  // The version gates wait for the update's outcome.
  const startGate = facts.updating
    ? null
    : unmetVersionGate(facts.softwareVersion, startCommandFor(contentType));
  if (startGate) {
    problems.push({
      code: 'softwareTooOld',
      fix: 'update',
      params: { requiredVersion: startGate.requiredVersion },
    });
  }
  const pauseGate = facts.updating ? null : unmetVersionGate(facts.softwareVersion, 'CMD.TOGGLE.PAUSE');
  if (pauseGate && !startGate) {
    warnings.push({
      code: 'pauseUnsupported',
      fix: 'update',
      params: { requiredVersion: pauseGate.requiredVersion },
    });
  }
  if (battery !== null && isBatteryLow(battery) && !isBatteryEmpty(battery)) {
    warnings.push({ code: 'batteryLow', fix: null, params: { batteryLevel: battery } });
  }
  return { ready: problems.length === 0, problems, warnings };
}

/** The verdict over a class set: how many start, how many of those with a limit, and which limits. */
export interface ReadinessSummary {
  total: number;
  /** Headsets without a problem (they start). */
  ready: number;
  /** Of those, the ones without any limit either. */
  readyWithoutLimits: number;
  notReady: number;
  /** Ready headsets per limit ('4 ohne Pause'); a headset with two limits counts in both. */
  limits: Record<ReadinessWarningCode, number>;
}

/** A readiness as the summary reads it (the contract's issues carry any code; only limits are counted). */
interface SummarisedReadiness {
  ready: boolean;
  warnings: readonly { code: string }[];
}

const isLimit = (code: string): code is ReadinessWarningCode =>
  (READINESS_WARNINGS as readonly string[]).includes(code);

export function summariseReadiness(results: readonly SummarisedReadiness[]): ReadinessSummary {
  const limits = Object.fromEntries(READINESS_WARNINGS.map((code) => [code, 0])) as Record<
    ReadinessWarningCode,
    number
  >;
  let ready = 0;
  let readyWithoutLimits = 0;
  for (const result of results) {
    if (!result.ready) continue;
    ready += 1;
    if (result.warnings.length === 0) readyWithoutLimits += 1;
    for (const code of new Set(result.warnings.map((w) => w.code))) if (isLimit(code)) limits[code] += 1;
  }
  return { total: results.length, ready, readyWithoutLimits, notReady: results.length - ready, limits };
}

/** The fixes a headset's problems and limits offer, each once, problems' first. */
export function fixesOf(readiness: Pick<Readiness, 'problems' | 'warnings'>): ReadinessFix[] {
  const fixes = [...readiness.problems, ...readiness.warnings].flatMap((issue) =>
    issue.fix ? [issue.fix] : [],
  );
  return [...new Set(fixes)];
}
