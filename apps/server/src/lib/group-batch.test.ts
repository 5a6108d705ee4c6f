import { describe, expect, it } from 'vitest';
import { createGroupBatch, createKeyedGroupBatch } from './group-batch';

/** A batch runner whose rounds the test finishes by hand. */
function manualRunner() {
  const rounds: { items: number[]; finish(error?: Error): void }[] = [];
  const run = (items: number[]) =>
    new Promise<string[]>((resolve, reject) => {
      rounds.push({
        items,
        finish: (error) => (error ? reject(error) : resolve(items.map((item) => `r${item}`))),
      });
    });
  return { rounds, run };
}

const turn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('createGroupBatch', () => {
  it('runs the calls of one turn together, answering each its own result', async () => {
    const { rounds, run } = manualRunner();
    const call = createGroupBatch(run);
    const answers = Promise.all([call(1), call(2), call(3)]);
    await turn();
    expect(rounds.map((round) => round.items)).toEqual([[1, 2, 3]]);
    rounds[0]?.finish();
    expect(await answers).toEqual(['r1', 'r2', 'r3']);
  });

  it('puts the calls made while a batch is on its way into the next one, in order', async () => {
    const { rounds, run } = manualRunner();
    const call = createGroupBatch(run);
    const first = call(1);
    await turn();
    const later = [call(2), call(3), call(4)];
    await turn();
    expect(rounds).toHaveLength(1); // the second waits for the first
    rounds[0]?.finish();
    expect(await first).toBe('r1');
    await turn();
    expect(rounds.map((round) => round.items)).toEqual([[1], [2, 3, 4]]);
    rounds[1]?.finish();
    expect(await Promise.all(later)).toEqual(['r2', 'r3', 'r4']);
  });

  it('splits a crowd into batches of at most maxBatch', async () => {
    const { rounds, run } = manualRunner();
    const call = createGroupBatch(run, 2);
    const answers = Promise.all([1, 2, 3, 4, 5].map((item) => call(item)));
    await turn();
    for (let i = 0; i < 3; i++) {
      rounds[i]?.finish();
      await turn();
    }
    expect(rounds.map((round) => round.items)).toEqual([[1, 2], [3, 4], [5]]);
    expect(await answers).toEqual(['r1', 'r2', 'r3', 'r4', 'r5']);
  });

  it('fails every call of a failed batch, and goes on with the next batch', async () => {
    const { rounds, run } = manualRunner();
    const call = createGroupBatch(run);
    const failing = [call(1), call(2)].map((p) => p.catch((error: Error) => error.message));
    await turn();
    const next = call(3);
    rounds[0]?.finish(new Error('connection lost'));
    expect(await Promise.all(failing)).toEqual(['connection lost', 'connection lost']);
    await turn();
    rounds[1]?.finish();
    expect(await next).toBe('r3');
  });
});

describe('createKeyedGroupBatch', () => {
  it('groups the calls of one key, never two keys together, and each key takes its own turns', async () => {
    const rounds: { key: string; items: number[]; finish(): void }[] = [];
    const call = createKeyedGroupBatch(
      (key: string, items: number[]) =>
        new Promise<string[]>((resolve) => {
          rounds.push({ key, items, finish: () => resolve(items.map((item) => `${key}${item}`)) });
        }),
    );
    const first = [call('a', 1), call('b', 2), call('a', 3)];
    await turn();
    expect(rounds.map(({ key, items }) => [key, items])).toEqual([
      ['a', [1, 3]],
      ['b', [2]],
    ]);
    const later = call('a', 4);
    await turn();
    expect(rounds).toHaveLength(2); // a's second batch waits for its first; b is not in its way
    rounds[1]?.finish();
    rounds[0]?.finish();
    expect(await Promise.all(first)).toEqual(['a1', 'b2', 'a3']);
    await turn();
    expect(rounds[2]).toMatchObject({ key: 'a', items: [4] });
    rounds[2]?.finish();
    expect(await later).toBe('a4');
  });
});
