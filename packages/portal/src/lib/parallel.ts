/** The outcome of one item of {@link mapSettled}: its value or why it failed, in the items' order. */
export type Settled<Item, Value> =
  | { item: Item; ok: true; value: Value }
  | { item: Item; ok: false; error: unknown };

/**
 * Runs `task` for every item with at most `limit` running at once (architecture: one call per selected headset,
 * in parallel with a bounded pool), and settles every one: a failure does not stop the others.
 */
export async function mapSettled<Item, Value>(
  items: readonly Item[],
  limit: number,
  task: (item: Item) => Promise<Value>,
): Promise<Settled<Item, Value>[]> {
  const results: Settled<Item, Value>[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      const item = items[index] as Item;
      try {
        results[index] = { item, ok: true, value: await task(item) };
      } catch (error) {
        results[index] = { item, ok: false, error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
  return results;
}
