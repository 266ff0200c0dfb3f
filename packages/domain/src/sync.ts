/**
 * Sync you can follow (issue 22): how far the headsets' downloads are and how long they still take, from what each
 * headset reports (bytes loaded of the bytes its sync needs), over one headset, a playlist's headsets or a class
 * set. The server estimates each headset's time left with its own clock; the portal adds them up.
 */

/** One headset's running download (contract `SyncTransfer`). */
export interface SyncTransfer {
  bytesDone: number;
  bytesTotal: number;
  /** Seconds until it is done at the rate it had so far; null while there is no rate yet. */
  secondsLeft: number | null;
}

/** What the server knows of one headset's download to estimate it. */
export interface SyncTransferReport {
  bytesDone: number;
  bytesTotal: number;
  /** When the headset first reported this sync running (ms since the epoch). */
  startedAt: number;
  /** When the headset reported `bytesDone` (ms since the epoch). */
  reportedAt: number;
}

/**
 * The time left of one headset's download: the bytes still to load at the rate it had from its start to its last
 * report, less the time since that report; rounded up, never below 0. Null before the first byte (no rate yet).
 */
export function syncSecondsLeft(report: SyncTransferReport, now: number): number | null {
  const elapsedSeconds = (report.reportedAt - report.startedAt) / 1000;
  if (report.bytesDone <= 0 || elapsedSeconds <= 0) return null;
  if (report.bytesDone >= report.bytesTotal) return 0;
  const rate = report.bytesDone / elapsedSeconds;
  const left = (report.bytesTotal - report.bytesDone) / rate - (now - report.reportedAt) / 1000;
  return Math.max(0, Math.ceil(left));
}

/** Several headsets' downloads as one bar: 'Wird synchronisiert · 45 % · noch etwa 2 Min.' */
export interface SyncOverall {
  bytesDone: number;
  bytesTotal: number;
  /** Bytes done of the bytes all need, rounded down (100 only when every byte is there). */
  percent: number;
  /**
   * The downloads run side by side: the longest time left. Null while one of them has no estimate yet, since the
   * whole is not known then.
   */
  secondsLeft: number | null;
}

const percentOf = (done: number, total: number) =>
  total <= 0 ? 100 : Math.min(100, Math.floor((done / total) * 100));

/** The downloads of several headsets as one; null when none runs. */
export function overallSync(transfers: readonly SyncTransfer[]): SyncOverall | null {
  if (transfers.length === 0) return null;
  let bytesDone = 0;
  let bytesTotal = 0;
  let secondsLeft: number | null = 0;
  for (const transfer of transfers) {
    bytesDone += Math.min(transfer.bytesDone, transfer.bytesTotal);
    bytesTotal += transfer.bytesTotal;
    secondsLeft =
      secondsLeft === null || transfer.secondsLeft === null
        ? null
        : Math.max(secondsLeft, transfer.secondsLeft);
  }
  return { bytesDone, bytesTotal, percent: percentOf(bytesDone, bytesTotal), secondsLeft };
}

/** One headset of a fix that runs ('Alles beheben'): fixed already, or on its way with its download if one runs. */
export interface FixUnderway {
  fixed: boolean;
  transfer: SyncTransfer | null;
}

export interface FixProgress {
  fixed: number;
  total: number;
  /** Each headset counts alike: a fixed one whole, a downloading one by its bytes, any other not yet. */
  percent: number;
  /** The longest download's time left; null while a headset has no estimate (an update, a sync not begun yet). */
  secondsLeft: number | null;
}

/** The one progress of every fix under way (issue 22: 'Alles beheben (n)' with one progress and the time left). */
export function fixProgress(headsets: readonly FixUnderway[]): FixProgress {
  const open = headsets.filter((h) => !h.fixed);
  const fixed = headsets.length - open.length;
  const partial = open.reduce(
    (sum, h) =>
      sum +
      (h.transfer && h.transfer.bytesTotal > 0
        ? Math.min(1, h.transfer.bytesDone / h.transfer.bytesTotal)
        : 0),
    0,
  );
  const total = headsets.length;
  // Not 100 % before the last headset is fixed, however near its download is.
  const percent = fixed === total ? 100 : Math.min(99, Math.floor(((fixed + partial) / total) * 100));
  const estimates = open.map((h) => h.transfer?.secondsLeft ?? null);
  const secondsLeft = estimates.includes(null)
    ? null
    : estimates.reduce<number>((longest, s) => Math.max(longest, s ?? 0), 0);
  return { fixed, total, percent, secondsLeft };
}

export const TIME_LEFT_UNITS = ['seconds', 'minutes', 'hours'] as const;
export type TimeLeftUnit = (typeof TIME_LEFT_UNITS)[number];

/**
 * A time left as a teacher reads it, rounded up so that it is never promised short: under a minute in steps of 5
 * seconds ('noch etwa 15 Sek.'), under an hour in minutes, then in hours.
 */
export function timeLeft(seconds: number): { unit: TimeLeftUnit; count: number } {
  const steps = Math.max(1, Math.ceil(seconds / 5));
  if (steps < 12) return { unit: 'seconds', count: steps * 5 };
  const minutes = Math.ceil(seconds / 60);
  if (minutes < 60) return { unit: 'minutes', count: minutes };
  return { unit: 'hours', count: Math.ceil(seconds / 3600) };
}
