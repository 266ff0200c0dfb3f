import type { ContentType } from './content.ts';
import { startCommandFor } from './devices.ts';
import { isBatteryLow, type SyncState } from './fleet.ts';
import { unmetVersionGate } from './gates.ts';

/**
 * 'Ist meine Klasse startklar?' (issue 14): whether a headset can start a piece of content now, and if not, why, with
 * the one-click fix where one exists. The server answers the check (it knows what each headset holds); the rule is
 * here, once.
 */

/** What stops a headset from starting the content. */
export const READINESS_PROBLEMS = [
  /** Not paired with the portal yet (no device token): it cannot receive commands at all. */
  'unpaired',
  /** Switched off or not connected (the online rule). */
  'offline',
  /** Battery below LOW_BATTERY_PERCENT: it may not last the lesson. */
  'batteryLow',
  /** The content is not on the headset. Fixed by a sync when the headset's active playlist holds it. */
  'contentMissing',
  /** A sync runs (with its progress); the content is on its way. */
  'syncing',
  /** The software is too old to start content of this type (version gate of its start command). */
  'softwareTooOld',
] as const;
export type ReadinessProblemCode = (typeof READINESS_PROBLEMS)[number];

/** What does not stop the start but the teacher should know before the lesson. */
export const READINESS_WARNINGS = [
  /** Pausing and resuming need software the headset lacks (version gate `pauseResume`). */
  'pauseUnsupported',
] as const;
export type ReadinessWarningCode = (typeof READINESS_WARNINGS)[number];

/**
 * The one-click fixes: `sync` queues a playlist sync (CMD.SYNC) that downloads the missing content; `update` installs
 * the newest software (CMD.UPDATE, which every version can run: a software sync needs 4.7.0 itself and does not change
 * the version).
 */
export const READINESS_FIXES = ['sync', 'update'] as const;
export type ReadinessFix = (typeof READINESS_FIXES)[number];

export interface ReadinessIssue<Code extends string> {
  code: Code;
  fix: ReadinessFix | null;
  /** Values the portal words: `batteryLevel` (percent), `progress` (percent of a running sync), `requiredVersion`. */
  params: { batteryLevel?: number; progress?: number; requiredVersion?: string };
}

export interface Readiness {
  ready: boolean;
  problems: ReadinessIssue<ReadinessProblemCode>[];
  warnings: ReadinessIssue<ReadinessWarningCode>[];
}

/** What the check needs to know about one headset and the content. */
export interface ReadinessFacts {
  isEnrolled: boolean;
  isOnline: boolean;
  batteryLevel: number | null;
  softwareVersion: string | null;
  syncStatus: SyncState;
  syncProgress: number | null;
  /** The headset reported that it holds the content. */
  holdsContent: boolean;
  /** The headset's active playlist lists the content, so a sync brings it. */
  contentInActivePlaylist: boolean;
}

/**
 * The readiness of one headset for content of `contentType`. Every problem is named (a teacher fixes them all before
 * the lesson), in the order of {@link READINESS_PROBLEMS}. A headset is ready when it has no problem; warnings do not
 * count.
 */
export function readinessOf(facts: ReadinessFacts, contentType: ContentType): Readiness {
  const problems: ReadinessIssue<ReadinessProblemCode>[] = [];
  const warnings: ReadinessIssue<ReadinessWarningCode>[] = [];
  if (!facts.isEnrolled) problems.push({ code: 'unpaired', fix: null, params: {} });
  else if (!facts.isOnline) problems.push({ code: 'offline', fix: null, params: {} });
  if (facts.batteryLevel !== null && isBatteryLow(facts.batteryLevel)) {
    problems.push({ code: 'batteryLow', fix: null, params: { batteryLevel: facts.batteryLevel } });
  }
  if (!facts.holdsContent) {
    if (facts.contentInActivePlaylist && facts.syncStatus === 'syncing') {
      const progress = facts.syncProgress ?? 0;
      problems.push({ code: 'syncing', fix: null, params: { progress } });
    } else {
      const fix = facts.contentInActivePlaylist ? 'sync' : null;
      problems.push({ code: 'contentMissing', fix, params: {} });
    }
  }
  const startGate = unmetVersionGate(facts.softwareVersion, startCommandFor(contentType));
  if (startGate) {
    problems.push({
      code: 'softwareTooOld',
      fix: 'update',
      params: { requiredVersion: startGate.requiredVersion },
    });
  }
  const pauseGate = unmetVersionGate(facts.softwareVersion, 'CMD.TOGGLE.PAUSE');
  if (pauseGate && !startGate) {
    warnings.push({
      code: 'pauseUnsupported',
      fix: 'update',
      params: { requiredVersion: pauseGate.requiredVersion },
    });
  }
  return { ready: problems.length === 0, problems, warnings };
}
