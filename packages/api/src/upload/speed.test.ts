import { describe, expect, it } from 'vitest';
import { estimateTransfer, pruneSamples, type TransferSample } from './speed.ts';

describe('estimateTransfer', () => {
  it('knows nothing before two samples span time', () => {
    expect(estimateTransfer([], 100, 0)).toEqual({ bytesPerSecond: 0, remainingSeconds: null });
    expect(estimateTransfer([{ time: 0, bytes: 0 }], 100, 0)).toEqual({
      bytesPerSecond: 0,
      remainingSeconds: null,
    });
  });

  it('measures a steady rate and the time left', () => {
    const samples = [0, 1, 2, 3, 4].map((second) => ({ time: second * 1000, bytes: second * 2_000_000 }));
    expect(estimateTransfer(samples, 20_000_000, 4000)).toEqual({
      bytesPerSecond: 2_000_000,
      remainingSeconds: 6,
    });
  });

  it('rounds the time left up to whole seconds', () => {
    const samples = [
      { time: 0, bytes: 0 },
      { time: 1000, bytes: 300 },
    ];
    expect(estimateTransfer(samples, 1000, 1000).remainingSeconds).toBe(3);
  });

  it('follows a change of speed once the old samples leave the window', () => {
    // 10 s at 1 MB/s, then 5 s at 4 MB/s.
    const samples: TransferSample[] = [];
    for (let second = 0; second <= 10; second++) {
      samples.push({ time: second * 1000, bytes: second * 1_000_000 });
    }
    for (let second = 11; second <= 15; second++) {
      samples.push({ time: second * 1000, bytes: 10_000_000 + (second - 10) * 4_000_000 });
    }
    expect(estimateTransfer(samples, 100_000_000, 15_000, 5000).bytesPerSecond).toBe(4_000_000);
    // With a long window the average still includes the slow start.
    expect(estimateTransfer(samples, 100_000_000, 15_000, 60_000).bytesPerSecond).toBe(2_000_000);
  });

  it('lets the speed fall while nothing arrives', () => {
    const samples = [
      { time: 0, bytes: 0 },
      { time: 2000, bytes: 4000 },
    ];
    const fresh = estimateTransfer(samples, 10_000, 2000, 10_000);
    const stalled = estimateTransfer(samples, 10_000, 8000, 10_000);
    expect(fresh.bytesPerSecond).toBe(2000);
    expect(stalled.bytesPerSecond).toBe(500);
    expect(stalled.remainingSeconds).toBe(12);
  });

  it('counts only bytes sent in this session (a resumed upload starts high)', () => {
    const samples = [
      { time: 0, bytes: 60 },
      { time: 1000, bytes: 70 },
    ];
    expect(estimateTransfer(samples, 100, 1000)).toEqual({ bytesPerSecond: 10, remainingSeconds: 3 });
  });

  it('has no time left when everything is uploaded', () => {
    expect(estimateTransfer([{ time: 0, bytes: 100 }], 100, 0).remainingSeconds).toBe(0);
  });
});

describe('pruneSamples', () => {
  it('keeps the window plus one anchor before it', () => {
    const samples = [0, 1, 2, 3, 4, 5].map((second) => ({ time: second * 1000, bytes: second }));
    expect(pruneSamples(samples, 5000, 2500).map((sample) => sample.time)).toEqual([2000, 3000, 4000, 5000]);
    expect(pruneSamples(samples, 5000, 60_000)).toHaveLength(6);
  });

  it('gives the same estimate as the full history', () => {
    const samples = Array.from({ length: 50 }, (_, index) => ({
      time: index * 700,
      bytes: index * index * 1000,
    }));
    const now = 49 * 700;
    expect(estimateTransfer(pruneSamples(samples, now, 5000), 1e9, now, 5000)).toEqual(
      estimateTransfer(samples, 1e9, now, 5000),
    );
  });
});
