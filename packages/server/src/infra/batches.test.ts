import { describe, expect, it } from 'vitest';
import { Batches, BatchItemError } from './batches.ts';

/** A batch runner whose batches end when the test says so, recording what each batch got. */
function heldRunner() {
  const seen: number[][] = [];
  const releases: (() => void)[] = [];
  const run = async (inputs: number[]) => {
    seen.push(inputs);
    await new Promise<void>((resolve) => releases.push(resolve));
    return inputs.map((n) => (n < 0 ? new BatchItemError(new Error(`negative ${n}`)) : n * 10));
  };
  const releaseNext = async () => {
    await expect.poll(() => releases.length).toBeGreaterThan(0);
    releases.shift()?.();
  };
  return { seen, run, releaseNext };
}

describe('Batches', () => {
  it('runs a call at once when nothing runs, and gathers the calls that arrive meanwhile into the next batch', async () => {
    const runner = heldRunner();
    const batches = new Batches(runner.run);
    const first = batches.call(1);
    const later = [2, 3, 4].map((n) => batches.call(n));
    expect(runner.seen).toEqual([[1]]);
    await runner.releaseNext();
    expect(await first).toBe(10);
    await runner.releaseNext();
    expect(await Promise.all(later)).toEqual([20, 30, 40]);
    expect(runner.seen).toEqual([[1], [2, 3, 4]]);
  });

  it('fails only the call whose own outcome is an error', async () => {
    const runner = heldRunner();
    const batches = new Batches(runner.run);
    const blocker = batches.call(0);
    const calls = [5, -1, 6].map((n) => batches.call(n));
    await runner.releaseNext();
    await blocker;
    await runner.releaseNext();
    const [five, negative, six] = await Promise.allSettled(calls);
    expect(five).toEqual({ status: 'fulfilled', value: 50 });
    expect(six).toEqual({ status: 'fulfilled', value: 60 });
    expect(negative).toMatchObject({ status: 'rejected', reason: { message: 'negative -1' } });
  });

  it('fails every call of a batch whose run fails, and goes on with the next batch', async () => {
    let attempt = 0;
    const batches = new Batches(async (inputs: string[]) => {
      attempt += 1;
      if (attempt === 1) throw new Error('database gone');
      return inputs.map((s) => s.toUpperCase());
    });
    const failed = batches.call('a');
    await expect(failed).rejects.toThrow('database gone');
    expect(await batches.call('b')).toBe('B');
  });

  it("tries each call of a failed batch alone when the error may be one input's, so only that call fails", async () => {
    const seen: string[][] = [];
    const batches = new Batches(
      async (inputs: string[]) => {
        seen.push(inputs);
        if (inputs.includes('bad')) throw new Error(`refused: ${inputs.join(',')}`);
        return inputs.map((s) => s.toUpperCase());
      },
      { isolate: (error) => error instanceof Error && error.message.startsWith('refused') },
    );
    const first = batches.call('first');
    const gathered = ['a', 'bad', 'b'].map((s) => batches.call(s));
    expect(await first).toBe('FIRST');
    const [a, bad, b] = await Promise.allSettled(gathered);
    expect(a).toEqual({ status: 'fulfilled', value: 'A' });
    expect(b).toEqual({ status: 'fulfilled', value: 'B' });
    expect(bad).toMatchObject({ status: 'rejected', reason: { message: 'refused: bad' } });
    expect(seen).toEqual([['first'], ['a', 'bad', 'b'], ['a'], ['bad'], ['b']]);
    // The batch after runs as usual.
    expect(await batches.call('next')).toBe('NEXT');
  });

  it('keeps batches to their largest size', async () => {
    const runner = heldRunner();
    const batches = new Batches(runner.run, { maxBatch: 2 });
    const calls = [1, 2, 3, 4, 5].map((n) => batches.call(n));
    for (let i = 0; i < 3; i += 1) await runner.releaseNext();
    expect(await Promise.all(calls)).toEqual([10, 20, 30, 40, 50]);
    expect(runner.seen).toEqual([[1], [2, 3], [4, 5]]);
  });
});
