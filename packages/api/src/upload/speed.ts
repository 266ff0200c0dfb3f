/** Bytes uploaded so far at a point in time (milliseconds, any monotonic clock). */
export interface TransferSample {
  time: number;
  bytes: number;
}

export interface TransferEstimate {
  /** Average over the window; 0 until two samples span some time. */
  bytesPerSecond: number;
  /** Rounded up to whole seconds; `null` while the speed is unknown (0), 0 when everything is uploaded. */
  remainingSeconds: number | null;
}

/** How far back the speed looks: long enough to smooth over part-sized jumps, short enough to follow a change. */
export const defaultSpeedWindowMs = 10_000;

/**
 * Speed and remaining time over a moving window. The rate is measured from the newest sample at or before
 * `now - windowMs` (or the oldest sample, early on) to `now`: progress arrives in part-sized steps, so an
 * anchor just outside the window keeps the estimate steady between steps, and measuring up to `now` lets the
 * speed fall while nothing arrives (a stalled connection) instead of freezing at the last value.
 */
export function estimateTransfer(
  samples: readonly TransferSample[],
  totalBytes: number,
  now: number,
  windowMs: number = defaultSpeedWindowMs,
): TransferEstimate {
  const latest = samples.at(-1);
  if (!latest) {
    return { bytesPerSecond: 0, remainingSeconds: totalBytes > 0 ? null : 0 };
  }
  const remainingBytes = Math.max(0, totalBytes - latest.bytes);
  let anchor = samples[0]!;
  for (const sample of samples) {
    if (sample.time <= now - windowMs) {
      anchor = sample;
    }
  }
  const elapsedMs = now - anchor.time;
  const bytesPerSecond = elapsedMs > 0 ? ((latest.bytes - anchor.bytes) * 1000) / elapsedMs : 0;
  if (remainingBytes === 0) {
    return { bytesPerSecond, remainingSeconds: 0 };
  }
  return {
    bytesPerSecond,
    remainingSeconds: bytesPerSecond > 0 ? Math.ceil(remainingBytes / bytesPerSecond) : null,
  };
}

/** Keeps the samples `estimateTransfer` needs: those in the window plus one anchor just before it. */
export function pruneSamples(
  samples: readonly TransferSample[],
  now: number,
  windowMs: number = defaultSpeedWindowMs,
): TransferSample[] {
  let firstKept = 0;
  for (let index = 0; index < samples.length; index++) {
    if (samples[index]!.time <= now - windowMs) {
      firstKept = index;
    }
  }
  return samples.slice(firstKept);
}
