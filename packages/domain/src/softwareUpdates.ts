import { failureOf, type ReceiptCommand, type ReceiptReason } from './receipts.ts';
import { isOlderThan } from './version.ts';

/**
 * Operating system images (issue 23): when a headset may install one (the rollout picker and the server's refusal of
 * CMD.UPDATE, one rule), and what its receipt says while it downloads, installs and restarts.
 */

/**
 * An update needs at least this battery (percent): an image takes minutes to download and install, and a headset whose
 * battery runs out while it installs may not start again.
 */
export const UPDATE_MIN_BATTERY_PERCENT = 50;

/** What stops a headset from installing an image now, in the order the server checks them. */
export const UPDATE_PROBLEMS = [
  /** Not paired with the portal: it cannot receive commands at all. */
  'unpaired',
  /** Switched off or not connected (the online rule): an update is given to a headset that is there to take it. */
  'offline',
  /** Battery unknown or below {@link UPDATE_MIN_BATTERY_PERCENT}. */
  'batteryLow',
  /** It reports an update under way (downloading or installing). */
  'updateRunning',
  /** The image is not for its model. */
  'wrongModel',
  /** It runs the image's version or a newer one already. */
  'upToDate',
] as const;
export type UpdateProblem = (typeof UPDATE_PROBLEMS)[number];

/** What the rule needs to know about one headset. */
export interface UpdateFacts {
  isEnrolled: boolean;
  isOnline: boolean;
  batteryLevel: number | null;
  softwareVersion: string | null;
  deviceTypeId: number;
  /** The headset reported an update under way (`softwareUpdate` of its state). */
  updating: boolean;
}

/** The image to install: its version and the models (device type ids) it is for. */
export interface UpdateImage {
  version: string;
  deviceTypeIds: readonly number[];
}

/**
 * Why the headset may not install `image` now, every reason in the order of {@link UPDATE_PROBLEMS}; empty when it
 * may. Without an image (CMD.UPDATE that names none: the headset's own update channel) only the headset's state
 * counts.
 */
export function updateProblemsOf(facts: UpdateFacts, image: UpdateImage | null): UpdateProblem[] {
  const problems: UpdateProblem[] = [];
  if (!facts.isEnrolled) problems.push('unpaired');
  else if (!facts.isOnline) problems.push('offline');
  if (facts.batteryLevel === null || facts.batteryLevel < UPDATE_MIN_BATTERY_PERCENT)
    problems.push('batteryLow');
  if (facts.updating) problems.push('updateRunning');
  if (image !== null) {
    if (!image.deviceTypeIds.includes(facts.deviceTypeId)) problems.push('wrongModel');
    else if (!isOlderThan(facts.softwareVersion, image.version)) problems.push('upToDate');
  }
  return problems;
}

/** The stages of an update's receipt: gesendet → angekommen → lädt herunter n % → installiert → neu gestartet. */
export const UPDATE_RECEIPT_STATES = [
  'sent',
  'arrived',
  'downloading',
  'installing',
  'installed',
  'restarted',
  'failed',
] as const;
export type UpdateReceiptState = (typeof UPDATE_RECEIPT_STATES)[number];

export interface UpdateReceipt {
  state: UpdateReceiptState;
  /** Percent of the download (`downloading`). */
  progress?: number;
  /** The version it restarted with (`restarted`, and `failed` with `notInstalled`). */
  version?: string;
  reason?: ReceiptReason;
}

/** An update under way as the headset reports it (contract `SoftwareUpdate`). */
export interface SoftwareUpdateProgress {
  version: string;
  phase: 'downloading' | 'installing';
  progress: number;
}

/** The headset as it reported itself last (contract `CommandReceiptDevice`). */
export interface UpdateReceiptDevice {
  isOnline: boolean;
  softwareVersion: string | null;
  softwareUpdate: SoftwareUpdateProgress | null;
  /** When its last state report arrived; null when it never reported. */
  stateReportedAt: string | null;
}

const time = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/**
 * The receipt of a CMD.UPDATE, from what the headset reports rather than from what was sent:
 * - failed, expired or interrupted: `failed` with the reason;
 * - done: the headset goes down to install and restart, so until it reports again it is `installed` (offline is
 *   expected here); its first report after the result says `restarted` with the version it runs now, or `failed`
 *   (`notInstalled`) when that is not the image's version (`targetVersion`, null when the command named no image);
 * - not finished while the headset is offline: `failed` (offline), it cannot go on;
 * - queued: `sent`; delivered: `downloading` with its progress or `installing` while the headset reports so, else
 *   `arrived`.
 */
export function updateReceiptOf(
  command: ReceiptCommand,
  device: UpdateReceiptDevice,
  targetVersion: string | null,
): UpdateReceipt {
  const reason = failureOf(command);
  if (reason) return { state: 'failed', reason };
  if (command.status === 'done') {
    if (!(time(device.stateReportedAt) >= time(command.finishedAt))) return { state: 'installed' };
    const version = device.softwareVersion ?? undefined;
    const reported = version === undefined ? {} : { version };
    if (targetVersion !== null && version !== targetVersion) {
      return { state: 'failed', reason: { code: 'notInstalled' }, ...reported };
    }
    return { state: 'restarted', ...reported };
  }
  if (!device.isOnline) return { state: 'failed', reason: { code: 'offline' } };
  if (command.status === 'queued') return { state: 'sent' };
  const update = device.softwareUpdate;
  if (update?.phase === 'downloading') return { state: 'downloading', progress: update.progress };
  if (update?.phase === 'installing') return { state: 'installing' };
  return { state: 'arrived' };
}

/** Stages still moving: the headset has not come back with its new version, nor failed. */
export function isUpdatePending(receipt: UpdateReceipt): boolean {
  return receipt.state !== 'restarted' && receipt.state !== 'failed';
}
