import { describe, expect, it } from 'vitest';
import { createSlots } from './slots';

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('slots', () => {
  it('runs at most `size` tasks at once, the others in the order they came', async () => {
    const slots = createSlots(2);
    const gates = Array.from({ length: 5 }, deferred);
    const started: number[] = [];
    const done = gates.map((gate, i) =>
      slots.run(async () => {
        started.push(i);
        await gate.promise;
        return i;
      }),
    );
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1]);
    gates[1]?.resolve();
    await done[1];
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2]);
    gates[0]?.reject(new Error('failed'));
    await expect(done[0]).rejects.toThrow('failed');
    await new Promise((resolve) => setImmediate(resolve));
    expect(started).toEqual([0, 1, 2, 3]);
    for (const gate of gates) gate.resolve();
    expect(await Promise.all(done.slice(1))).toEqual([1, 2, 3, 4]);
  });

  it('never holds more than its size over many tasks', async () => {
    const slots = createSlots(3);
    let running = 0;
    let most = 0;
    await Promise.all(
      Array.from({ length: 3000 }, (_, i) =>
        slots.run(async () => {
          running += 1;
          most = Math.max(most, running);
          if (i % 2) await new Promise((resolve) => setImmediate(resolve));
          running -= 1;
        }),
      ),
    );
    expect(most).toBe(3);
    expect(running).toBe(0);
  });

  it('refuses a size below 1', () => {
    expect(() => createSlots(0)).toThrow();
  });
});
