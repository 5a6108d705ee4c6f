/**
 * The devnet block producer on a real database: the timer includes pending transfers by
 * itself; several nodes (two apps, and bursts of concurrent calls on PostgreSQL's pool) make
 * one genesis per chain, at most one block per chain and interval, consecutive heights, and
 * put each transfer in exactly one block.
 */
import { and, asc, eq, gt, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CHAIN_IDS } from '../src/chains/chain-adapter';
import { ensureGenesisBlocks, produceDevnetBlocks } from '../src/chains/devnet/block-producer';
import { devnetTransfer } from '../src/chains/devnet/devnet-transfer';
import type { DatabaseHandle } from '../src/db/client';
import { devnetBlocks, devnetTransfers } from '../src/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-database';

const EVM_0 = '0x9858EfFD232B4033E47d90003D41EC34EcaEda94';
const TRON_0 = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());

const heights = async (chainId: string) =>
  (
    await database.db
      .select({ height: devnetBlocks.height })
      .from(devnetBlocks)
      .where(eq(devnetBlocks.chainId, chainId))
      .orderBy(asc(devnetBlocks.height))
  ).map((b) => b.height);

describe('several nodes on one database', () => {
  it('write one genesis block per chain', async () => {
    await Promise.all(Array.from({ length: 6 }, () => ensureGenesisBlocks(database.db)));
    for (const chainId of CHAIN_IDS) expect(await heights(chainId)).toEqual([0]);
  });

  it('make one block per chain when their timers fire in the same interval', async () => {
    // The genesis blocks are an hour old: every node's timer finds the interval over.
    await database.db.execute(sql`UPDATE devnet_blocks SET produced_at = now() - interval '1 hour'`);
    // Overlapping calls on PostgreSQL's pool: connections opened first so they really overlap.
    await Promise.all(Array.from({ length: 6 }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const runs = await Promise.all(Array.from({ length: 6 }, () => produceDevnetBlocks(database.db, 60_000)));
    expect(
      runs
        .flat()
        .map((b) => `${b.chainId}:${b.height}`)
        .sort(),
    ).toEqual(CHAIN_IDS.map((id) => `${id}:1`).sort());
    for (const chainId of CHAIN_IDS) expect(await heights(chainId)).toEqual([0, 1]);
  });

  it('give consecutive heights on demand, each transfer in exactly one block', async () => {
    const transfers = Array.from({ length: 24 }, (_, i) =>
      devnetTransfer(database.db, {
        chainId: i % 2 === 0 ? 'ETH' : 'TRON',
        toAddress: i % 2 === 0 ? EVM_0 : TRON_0,
        coinName: 'USDT',
        amount: `${i + 1}`,
      }),
    );
    const blocks = Array.from({ length: 4 }, () => produceDevnetBlocks(database.db));
    await Promise.all([...transfers, ...blocks]);
    await produceDevnetBlocks(database.db);

    for (const chainId of CHAIN_IDS) expect(await heights(chainId)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    const rows = await database.db.select().from(devnetTransfers);
    expect(rows).toHaveLength(24);
    expect(rows.every((t) => t.blockHeight !== null && t.blockHeight >= 2 && t.blockHeight <= 6)).toBe(true);
    expect(
      await database.db.select().from(devnetTransfers).where(isNull(devnetTransfers.blockHeight)),
    ).toEqual([]);
  });
});

describe('the timer', () => {
  it('includes a pending transfer by itself, and two nodes keep to one block per interval', async () => {
    const intervalMs = 200;
    // Two apps on the one database: each runs its own timer (the first leaves the database open).
    const env = { DEVNET_BLOCK_MS: String(intervalMs) };
    const first = await buildTestApp({ env, database: { ...database, close: async () => {} } });
    const second = await buildTestApp({ env, database: { ...database, close: async () => {} } });
    try {
      await Promise.all([first.ready(), second.ready()]);
      const start = (await heights('DOGE')).length;
      const payTo = first.chains.get('DOGE')?.deriveAddress(3) ?? '';
      const { txHash } = await devnetTransfer(database.db, {
        chainId: 'DOGE',
        toAddress: payTo,
        coinName: 'DOGE',
        amount: '42',
      });
      await vi.waitFor(
        async () => {
          const [row] = await database.db
            .select()
            .from(devnetTransfers)
            .where(eq(devnetTransfers.txHash, txHash));
          expect(row?.blockHeight).not.toBeNull();
          expect((await heights('DOGE')).length).toBeGreaterThanOrEqual(start + 6);
        },
        { timeout: 30_000, interval: 50 },
      );
      const [included] =
        (await second.chains.get('DOGE')?.scan(0, 10_000, new Set([payTo])))?.transfers ?? [];
      expect(included).toMatchObject({ txHash, amount: '42' });

      // The gaps between the timer's blocks, on the database's clock (to the millisecond).
      const times = await database.db
        .select({ at: devnetBlocks.producedAt })
        .from(devnetBlocks)
        .where(and(eq(devnetBlocks.chainId, 'DOGE'), gt(devnetBlocks.height, start)))
        .orderBy(asc(devnetBlocks.height));
      const values = times.slice(1).map((t, i) => t.at.getTime() - (times[i]?.at.getTime() ?? 0));
      expect(values.length).toBeGreaterThanOrEqual(4);
      expect(Math.min(...values)).toBeGreaterThanOrEqual(intervalMs * 0.9 - 1);
    } finally {
      await first.close();
      await second.close();
    }
  });
});
