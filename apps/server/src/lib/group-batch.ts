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
