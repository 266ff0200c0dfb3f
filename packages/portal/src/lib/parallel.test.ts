import { describe, expect, it } from 'vitest';
import { mapSettled } from './parallel.ts';

describe('mapSettled', () => {
  it('keeps at most `limit` tasks running and answers every item in order', async () => {
    let running = 0;
    let most = 0;
    const results = await mapSettled([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, 5 * (8 - n)));
      running -= 1;
      return n * 10;
    });
    expect(most).toBe(3);
    expect(results.map((r) => (r.ok ? r.value : null))).toEqual([10, 20, 30, 40, 50, 60, 70]);
  });

  it('settles failures without stopping the others', async () => {
    const results = await mapSettled(['a', 'b', 'c'], 2, async (letter) => {
      if (letter === 'b') throw new Error('refused');
      return letter.toUpperCase();
    });
    expect(results[0]).toEqual({ item: 'a', ok: true, value: 'A' });
    expect(results[1]).toMatchObject({ item: 'b', ok: false });
    expect(results[2]).toEqual({ item: 'c', ok: true, value: 'C' });
    expect(await mapSettled([], 4, async () => 1)).toEqual([]);
  });
});
