import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { createClaimLoop } from './worker';

const quiet = () => {};
const silent = {
  fatal: quiet,
  error: quiet,
  warn: quiet,
  info: quiet,
  debug: quiet,
  trace: quiet,
  child: () => silent,
} as unknown as FastifyBaseLogger;

/** Items 1…n in a queue; each run waits until the test finishes it. */
function harness(options: { items: number; concurrency: number; prefetch?: number; release?: boolean }) {
  let next = 1;
  const claims: { limit: number; got: number[] }[] = [];
  const started: number[] = [];
  const finishers = new Map<number, () => void>();
  const released: number[][] = [];
  const loop = createClaimLoop<number>({
    now: () => new Date(),
    log: silent,
    concurrency: options.concurrency,
    ...(options.prefetch !== undefined ? { prefetch: options.prefetch } : {}),
    pollMs: 60_000,
    async claim(limit) {
      const got: number[] = [];
      while (got.length < limit && next <= options.items) got.push(next++);
      claims.push({ limit, got });
      return got;
    },
    run: (item) =>
      new Promise<void>((resolve) => {
        started.push(item);
        finishers.set(item, resolve);
      }),
    ...(options.release
      ? {
          async release(items: number[]) {
            released.push(items);
          },
        }
      : {}),
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const finish = async (item: number) => {
    finishers.get(item)?.();
    await settle();
    await settle();
  };
  return { loop, claims, started, released, finish, settle };
}

describe('createClaimLoop', () => {
  it('without prefetch, claims only for free slots, once half of them are free', async () => {
    const h = harness({ items: 10, concurrency: 4 });
    h.loop.start();
    await h.settle();
    expect(h.claims).toEqual([{ limit: 4, got: [1, 2, 3, 4] }]);
    await h.finish(1);
    expect(h.claims).toHaveLength(1);
    await h.finish(2);
    expect(h.claims[1]).toEqual({ limit: 2, got: [5, 6] });
    expect(h.started).toEqual([1, 2, 3, 4, 5, 6]);
    for (const item of [3, 4, 5, 6]) await h.finish(item);
    h.loop.stop();
  });

  it('with prefetch, holds claimed items ready, starts one as a slot frees, and claims again once half of them started', async () => {
    const h = harness({ items: 20, concurrency: 2, prefetch: 4, release: true });
    h.loop.start();
    await h.settle();
    expect(h.claims).toEqual([{ limit: 6, got: [1, 2, 3, 4, 5, 6] }]);
    expect(h.started).toEqual([1, 2]);
    await h.finish(1);
    expect(h.started).toEqual([1, 2, 3]); // at once, no claim in between
    expect(h.claims).toHaveLength(1);
    await h.finish(2);
    expect(h.started).toEqual([1, 2, 3, 4]);
    expect(h.claims[1]).toEqual({ limit: 2, got: [7, 8] }); // two of four ready had started
    await h.finish(3);
    expect(h.started).toEqual([1, 2, 3, 4, 5]);
    const stopped = h.loop.stop();
    await h.finish(4);
    await h.finish(5);
    await stopped;
    expect(h.started).toEqual([1, 2, 3, 4, 5]);
    expect(h.released).toEqual([[6, 7, 8]]); // the ready ones, never started
  });

  it('runs the ready items on stop when it has no release', async () => {
    const h = harness({ items: 3, concurrency: 1, prefetch: 2 });
    h.loop.start();
    await h.settle();
    expect(h.started).toEqual([1]);
    const stopped = h.loop.stop();
    await h.settle();
    expect(h.started).toEqual([1, 2, 3]);
    for (const item of [1, 2, 3]) await h.finish(item);
    await stopped;
  });
});
