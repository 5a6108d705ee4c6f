/**
 * Group commit for a hot statement: calls made while the previous batch is on its way go
 * together in the next one. Alone, a call runs at once, after the I/O callbacks of this turn of
 * the event loop (setImmediate), so that answers that arrived together share a batch. Under
 * load, one round trip serves many calls, and no call waits for more than the batch before it. `run` answers the items' results in their order; if it throws,
 * every call of that batch gets the error.
 */
export function createGroupBatch<Item, Result>(
  run: (items: Item[]) => Promise<Result[]>,
  maxBatch = 100,
): (item: Item) => Promise<Result> {
  type Waiting = { item: Item; resolve(result: Result): void; reject(error: unknown): void };
  let waiting: Waiting[] = [];
  let busy = false;

  async function flush(): Promise<void> {
    if (busy || waiting.length === 0) return;
    busy = true;
    const batch = waiting.slice(0, maxBatch);
    waiting = waiting.slice(maxBatch);
    try {
      const results = await run(batch.map((entry) => entry.item));
      for (const [i, entry] of batch.entries()) entry.resolve(results[i] as Result);
    } catch (error) {
      for (const entry of batch) entry.reject(error);
    } finally {
      busy = false;
      void flush();
    }
  }

  return (item) =>
    new Promise<Result>((resolve, reject) => {
      waiting.push({ item, resolve, reject });
      if (waiting.length === 1 && !busy) setImmediate(() => void flush());
    });
}

/**
 * createGroupBatch per key: calls of one key go together (the payouts of one merchant, whose
 * balance row they all lock), calls of different keys never do. A key's batcher lives while it
 * has calls waiting or running.
 */
export function createKeyedGroupBatch<Key, Item, Result>(
  run: (key: Key, items: Item[]) => Promise<Result[]>,
  maxBatch = 100,
): (key: Key, item: Item) => Promise<Result> {
  const batchers = new Map<Key, { call: (item: Item) => Promise<Result>; pending: number }>();
  return async (key, item) => {
    let batcher = batchers.get(key);
    if (!batcher) {
      batcher = { call: createGroupBatch((items: Item[]) => run(key, items), maxBatch), pending: 0 };
      batchers.set(key, batcher);
    }
    batcher.pending += 1;
    try {
      return await batcher.call(item);
    } finally {
      batcher.pending -= 1;
      if (batcher.pending === 0) batchers.delete(key);
    }
  };
}
