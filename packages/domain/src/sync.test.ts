import { describe, expect, it } from 'vitest';
import { fixProgress, overallSync, syncSecondsLeft, timeLeft } from './sync.ts';

const GB = 1024 ** 3;

describe('syncSecondsLeft', () => {
  const start = Date.parse('2026-11-24T10:00:00Z');
  it('divides what is left by the rate since the start, less the time since the report', () => {
    // 1 GB of 4 GB in 10 s: 30 s more, reported 4 s ago.
    const report = { bytesDone: GB, bytesTotal: 4 * GB, startedAt: start, reportedAt: start + 10_000 };
    expect(syncSecondsLeft(report, start + 10_000)).toBe(30);
    expect(syncSecondsLeft(report, start + 14_000)).toBe(26);
    expect(syncSecondsLeft(report, start + 60_000)).toBe(0);
  });

  it('knows nothing before the first byte and nothing left when all is there', () => {
    expect(
      syncSecondsLeft({ bytesDone: 0, bytesTotal: GB, startedAt: start, reportedAt: start + 5000 }, start),
    ).toBe(null);
    expect(
      syncSecondsLeft({ bytesDone: 5, bytesTotal: GB, startedAt: start, reportedAt: start }, start),
    ).toBe(null);
    expect(
      syncSecondsLeft({ bytesDone: GB, bytesTotal: GB, startedAt: start, reportedAt: start + 1 }, start),
    ).toBe(0);
  });
});

describe('overallSync', () => {
  it('adds the bytes of every headset and takes the longest time left', () => {
    expect(
      overallSync([
        { bytesDone: GB, bytesTotal: 2 * GB, secondsLeft: 10 },
        { bytesDone: 0.5 * GB, bytesTotal: 2 * GB, secondsLeft: 30 },
      ]),
    ).toEqual({ bytesDone: 1.5 * GB, bytesTotal: 4 * GB, percent: 37, secondsLeft: 30 });
  });

  it('has no time left while one headset has no estimate, and nothing without downloads', () => {
    expect(
      overallSync([
        { bytesDone: GB, bytesTotal: 2 * GB, secondsLeft: 10 },
        { bytesDone: 0, bytesTotal: 2 * GB, secondsLeft: null },
      ])?.secondsLeft,
    ).toBe(null);
    expect(overallSync([])).toBe(null);
    expect(overallSync([{ bytesDone: 0, bytesTotal: 0, secondsLeft: 0 }])?.percent).toBe(100);
  });
});

describe('fixProgress', () => {
  it('counts a fixed headset whole, a downloading one by its bytes, others not yet', () => {
    expect(
      fixProgress([
        { fixed: true, transfer: null },
        { fixed: false, transfer: { bytesDone: GB, bytesTotal: 2 * GB, secondsLeft: 12 } },
        { fixed: false, transfer: { bytesDone: 0, bytesTotal: 2 * GB, secondsLeft: 40 } },
        { fixed: true, transfer: null },
      ]),
    ).toEqual({ fixed: 2, total: 4, percent: 62, secondsLeft: 40 });
  });

  it('has no time left while a headset has no estimate (an update), and reaches 100 only when all are fixed', () => {
    const nearly = fixProgress([
      { fixed: false, transfer: { bytesDone: 2 * GB - 1, bytesTotal: 2 * GB, secondsLeft: 0 } },
      { fixed: false, transfer: null },
    ]);
    expect(nearly).toEqual({ fixed: 0, total: 2, percent: 49, secondsLeft: null });
    expect(
      fixProgress([{ fixed: false, transfer: { bytesDone: 10, bytesTotal: 10, secondsLeft: 0 } }]).percent,
    ).toBe(99);
    expect(fixProgress([{ fixed: true, transfer: null }])).toEqual({
      fixed: 1,
      total: 1,
      percent: 100,
      secondsLeft: 0,
    });
  });
});

describe('timeLeft', () => {
  it('rounds up: 5-second steps under a minute, minutes under an hour, then hours', () => {
    expect(timeLeft(0)).toEqual({ unit: 'seconds', count: 5 });
    expect(timeLeft(12)).toEqual({ unit: 'seconds', count: 15 });
    expect(timeLeft(55)).toEqual({ unit: 'seconds', count: 55 });
    expect(timeLeft(56)).toEqual({ unit: 'minutes', count: 1 });
    expect(timeLeft(61)).toEqual({ unit: 'minutes', count: 2 });
    expect(timeLeft(3540)).toEqual({ unit: 'minutes', count: 59 });
    expect(timeLeft(3599)).toEqual({ unit: 'hours', count: 1 });
    expect(timeLeft(3601)).toEqual({ unit: 'hours', count: 2 });
  });
});
