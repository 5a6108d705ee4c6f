import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Database } from '../../db/client';
import { createBlockProducer } from './block-producer';

/**
 * The timer alone, on fake time and a stand-in database: one tick per interval, never two at
 * once, a failed tick logged and retried, and stop() waits for the block in hand and ends
 * the ticks (app.ts closes the database right after).
 */
function fakeDatabase() {
  const calls: { resolve: () => void; reject: (error: Error) => void }[] = [];
  const db = {
    transaction: () =>
      new Promise<never[]>((resolve, reject) => {
        calls.push({ resolve: () => resolve([]), reject });
      }),
  } as unknown as Database;
  return { db, calls };
}
const log = { error: vi.fn(), debug: vi.fn() } as unknown as FastifyBaseLogger;

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('the block producer timer', () => {
  it('ticks once per interval after start, one tick at a time', async () => {
    const { db, calls } = fakeDatabase();
    const producer = createBlockProducer({ db, intervalMs: 1000, log });
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(0);
    producer.start();
    await vi.advanceTimersByTimeAsync(999);
    expect(calls).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(calls).toHaveLength(1);
    // The first block is slow: no second tick starts meanwhile.
    await vi.advanceTimersByTimeAsync(5000);
    expect(calls).toHaveLength(1);
    calls[0]?.resolve();
    await vi.advanceTimersByTimeAsync(1000);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await producer.stop();
  });

  it('logs a failed tick and tries again next interval', async () => {
    const { db, calls } = fakeDatabase();
    const producer = createBlockProducer({ db, intervalMs: 100, log });
    producer.start();
    await vi.advanceTimersByTimeAsync(100);
    calls[0]?.reject(new Error('connection lost'));
    await vi.advanceTimersByTimeAsync(100);
    expect(log.error).toHaveBeenCalledTimes(1);
    expect(calls).toHaveLength(2);
    calls[1]?.resolve();
    await producer.stop();
  });

  it('stops: waits for the block in hand, then no more ticks', async () => {
    const { db, calls } = fakeDatabase();
    const producer = createBlockProducer({ db, intervalMs: 100, log });
    producer.start();
    await vi.advanceTimersByTimeAsync(100);
    expect(calls).toHaveLength(1);
    let stopped = false;
    const stopping = producer.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    calls[0]?.resolve();
    await stopping;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(calls).toHaveLength(1);
  });

  it('stop() also waits for a block made on demand', async () => {
    const { db, calls } = fakeDatabase();
    const producer = createBlockProducer({ db, intervalMs: 100, log });
    const made = producer.produceBlock();
    let stopped = false;
    const stopping = producer.stop().then(() => {
      stopped = true;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(stopped).toBe(false);
    calls[0]?.resolve();
    await Promise.all([made, stopping]);
    expect(stopped).toBe(true);
  });
});
