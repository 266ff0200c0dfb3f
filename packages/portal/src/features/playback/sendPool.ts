/**
 * Runs `task` for every item with at most `concurrency` at once (the playback calls: one per headset, spec §7),
 * and answers the results in the items' order. A task's failure is its own result, never the others'.
 */
export async function runPool<Item, Result>(
  items: readonly Item[],
  concurrency: number,
  task: (item: Item) => Promise<Result>,
): Promise<Result[]> {
  const results = new Array<Result>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as Item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(concurrency, items.length)) }, worker));
  return results;
}
