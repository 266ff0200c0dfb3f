import type { CommandStatus, DeviceCommand } from './devices.ts';

/**
 * Receipts (issue 14): what happened on each headset after the teacher pressed a button, from what the headsets
 * report, not from what was sent: gesendet → angekommen → läuft | pausiert | beendet, or fehlgeschlagen with the
 * reason. One rule for the portal's list and the benchmark that waits for every headset to play.
 */

export const RECEIPT_STATES = ['sent', 'arrived', 'playing', 'paused', 'stopped', 'failed'] as const;
export type ReceiptState = (typeof RECEIPT_STATES)[number];

/**
 * Why a command failed on a headset: it is switched off or not connected, does not hold the content, its software is
 * too old, its battery is empty, nothing ran that could be paused, the command expired before the headset answered,
 * an update after which the headset runs another version than the image's (`notInstalled`), an update the server
 * refused for the headset's battery, an update under way, its model or its version (the server's codes of the same
 * names), the headset restarted before it answered (`interrupted`), the portal's request got no answer (network, server busy), or another reason in the words of the server or
 * the headset (`message`).
 */
export const RECEIPT_REASONS = [
  'offline',
  'contentMissing',
  'softwareTooOld',
  'batteryEmpty',
  'nothingRunning',
  'expired',
  'interrupted',
  'notInstalled',
  'batteryTooLow',
  'updateRunning',
  'operatingSystemNotForModel',
  'softwareUpToDate',
  'noAnswer',
  'other',
] as const;
export type ReceiptReasonCode = (typeof RECEIPT_REASONS)[number];

/**
 * Reasons a second try can change (issue 22): the headset was off or out of reach, did not answer in time, the
 * request got no answer, or a reason the portal cannot judge. The others stay until someone fixes them (the content
 * synchronised, the software updated, the battery charged, something started): 'Erneut versuchen' is not offered.
 */
export const TRANSIENT_RECEIPT_REASONS = [
  'offline',
  'expired',
  'interrupted',
  'noAnswer',
  'other',
] as const satisfies readonly ReceiptReasonCode[];

/** Whether 'Erneut versuchen' can help a headset that failed for this reason. */
export function isRetryable(reason: Pick<ReceiptReason, 'code'>): boolean {
  return (TRANSIENT_RECEIPT_REASONS as readonly ReceiptReasonCode[]).includes(reason.code);
}

/**
 * The headsets 'Erneut versuchen' starts again: those whose receipt failed for a reason a second try can change, and,
 * while the content still runs on others of the lesson, those where it stopped — a headset switched off and on again
 * comes back 'beendet', as does one stopped by hand. Once it has stopped everywhere, 'Nochmal starten' is the way.
 */
export function headsetsToRetry<T>(receipts: readonly { headset: T; receipt: Receipt }[]): T[] {
  const runsElsewhere = receipts.some((r) => r.receipt.state === 'playing' || r.receipt.state === 'paused');
  return receipts
    .filter(({ receipt }) =>
      receipt.state === 'failed'
        ? receipt.reason !== undefined && isRetryable(receipt.reason)
        : receipt.state === 'stopped' && runsElsewhere,
    )
    .map((r) => r.headset);
}

export interface ReceiptReason {
  code: ReceiptReasonCode;
  /** The German text of the server or headset; for `other` the only explanation there is. */
  message?: string | undefined;
  /** For `softwareTooOld`: the version the command needs. */
  requiredVersion?: string | undefined;
}

export interface Receipt {
  state: ReceiptState;
  reason?: ReceiptReason;
}

/**
 * Codes a headset may report with a failed command (contract `HeadsetCommandResult.code`), so the portal can word the
 * reason in the user's language; other failures carry only their message.
 */
export const HEADSET_FAILURE_CODES = [
  'contentMissing',
  'softwareTooOld',
  'batteryEmpty',
  'nothingRunning',
] as const satisfies readonly ReceiptReasonCode[];
export type HeadsetFailureCode = (typeof HEADSET_FAILURE_CODES)[number];

export function isHeadsetFailureCode(value: unknown): value is HeadsetFailureCode {
  return (HEADSET_FAILURE_CODES as readonly unknown[]).includes(value);
}

/** A command as the receipt needs it (contract `DeviceCommand`). */
export interface ReceiptCommand {
  command: DeviceCommand;
  status: CommandStatus;
  code: HeadsetFailureCode | null;
  message: string | null;
  finishedAt: string | null;
}

/** The headset as it reported itself last (contract `CommandReceipt.device`). */
export interface ReceiptDevice {
  isOnline: boolean;
  playbackState: 'playing' | 'paused' | 'stopped';
  currentContentUuid: string | null;
  /** When its last state report arrived; null when it never reported. */
  stateReportedAt: string | null;
}

const time = (iso: string | null) => (iso === null ? Number.NaN : Date.parse(iso));

/**
 * Why a command ended without being carried out — failed (the headset's code, else `other` with its message), expired
 * or interrupted (the server's reason in `message`) — or null while it is open or done.
 */
export function failureOf(
  command: Pick<ReceiptCommand, 'status' | 'code' | 'message'>,
): ReceiptReason | null {
  const message = command.message ?? undefined;
  if (command.status === 'failed') return { code: command.code ?? 'other', message };
  if (command.status === 'expired' || command.status === 'interrupted')
    return { code: command.status, message };
  return null;
}

/**
 * The receipt of the latest command a headset got for the running content (`contentUuid`):
 * - a failed, expired or interrupted command is `failed` with its reason;
 * - a command the headset has not finished while it is offline is `failed` (offline): it cannot arrive;
 * - `queued` is `sent`, `delivered` is `arrived`;
 * - a `done` command shows the state the headset reported after it: `playing` / `paused` when the content runs,
 *   `stopped` when it no longer does (a video ended, someone stopped it); until that report arrives, `arrived`;
 * - a headset that went offline after it had started shows `failed` (offline) too: it no longer plays.
 */
export function receiptOf(command: ReceiptCommand, device: ReceiptDevice, contentUuid: string): Receipt {
  const reason = failureOf(command);
  if (reason) return { state: 'failed', reason };
  if (!device.isOnline) return { state: 'failed', reason: { code: 'offline' } };
  if (command.status === 'queued') return { state: 'sent' };
  if (command.status === 'delivered') return { state: 'arrived' };
  if (!(time(device.stateReportedAt) >= time(command.finishedAt))) return { state: 'arrived' };
  const runs = device.currentContentUuid === contentUuid;
  if (runs && device.playbackState === 'playing') return { state: 'playing' };
  if (runs && device.playbackState === 'paused') return { state: 'paused' };
  return { state: 'stopped' };
}

/** States still moving: the headset has not answered yet. */
export function isReceiptPending(receipt: Receipt): boolean {
  return receipt.state === 'sent' || receipt.state === 'arrived';
}

export interface ReceiptSummary {
  total: number;
  playing: number;
  paused: number;
  failed: number;
  pending: number;
  stopped: number;
}

/** Counts for 'Läuft auf 28 von 30 VR-Brillen'. */
export function summariseReceipts(receipts: readonly Receipt[]): ReceiptSummary {
  const summary: ReceiptSummary = {
    total: receipts.length,
    playing: 0,
    paused: 0,
    failed: 0,
    pending: 0,
    stopped: 0,
  };
  for (const receipt of receipts) {
    if (isReceiptPending(receipt)) summary.pending += 1;
    else summary[receipt.state as 'playing' | 'paused' | 'failed' | 'stopped'] += 1;
  }
  return summary;
}
