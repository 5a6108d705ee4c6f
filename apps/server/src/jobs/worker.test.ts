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
function harness(options: { items: number; concurrency: number }) {
  let next = 1;
  const claims: { limit: number; got: number[] }[] = [];
  const started: number[] = [];
  const finishers = new Map<number, () => void>();
  const loop = createClaimLoop<number>({
    now: () => new Date(),
    log: silent,
    concurrency: options.concurrency,
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
  });
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  const finish = async (item: number) => {
    finishers.get(item)?.();
    await settle();
    await settle();
  };
  return { loop, claims, started, finish, settle };
}

describe('createClaimLoop', () => {
  it('claims only for free slots, once half of them are free', async () => {
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

  it('gives back what a claim brings after the worker was told to stop, or runs it without release', async () => {
    for (const release of [true, false]) {
      let answer: (items: number[]) => void = () => {};
      const released: number[][] = [];
      const started: number[] = [];
      const loop = createClaimLoop<number>({
        now: () => new Date(),
        log: silent,
        concurrency: 2,
        pollMs: 60_000,
        claim: () => new Promise<number[]>((resolve) => (answer = resolve)),
        run: async (item) => {
          started.push(item);
        },
        ...(release ? { release: async (items: number[]) => void released.push(items) } : {}),
      });
      loop.start();
      const stopped = loop.stop();
      answer([1, 2]);
      await stopped;
      expect(released).toEqual(release ? [[1, 2]] : []);
      expect(started).toEqual(release ? [] : [1, 2]);
    }
  });
});
