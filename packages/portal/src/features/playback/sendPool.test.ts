import { describe, expect, it } from 'vitest';
import { runPool } from './sendPool.ts';

describe('runPool', () => {
  it('keeps at most the given number in flight and answers in the items’ order', async () => {
    let running = 0;
    let most = 0;
    const results = await runPool([5, 1, 4, 2, 3, 0, 6], 3, async (n) => {
      running += 1;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, n));
      running -= 1;
      return n * 10;
    });
    expect(results).toEqual([50, 10, 40, 20, 30, 0, 60]);
    expect(most).toBe(3);
  });

  it('runs nothing for no items', async () => {
    expect(await runPool([], 6, async () => 1)).toEqual([]);
  });
});
