/**
 * chain_utxos (issue 33), at the database: the platform's outputs on a UTXO chain and their
 * locks (modules/chain-sends/utxos.repository.ts).
 * - two transactions racing to lock one output to two sends: exactly one wins (on PostgreSQL,
 *   truly at once: the second waits on the first's row lock, then finds it taken);
 * - a lock is all or none; a re-scan after a reorg sets the block again and never the lock;
 * - available means mined and unlocked; the hot wallet's count; the change of sends in flight.
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { insertSend, insertSendTx } from '../src/modules/chain-sends/chain-sends.repository';
import {
  availableUtxos,
  changeInFlight,
  lockUtxos,
  type Outpoint,
  recordUtxos,
  type ScannedUtxo,
  unmineUtxosAbove,
  unspentOf,
  utxosOfSend,
} from '../src/modules/chain-sends/utxos.repository';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { isPostgresRun } from './helpers/test-database';

const clock = createTestClock(new Date('2026-12-07T09:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
});
afterAll(async () => {
  await app.close();
});

const HOT = 'hot-wallet-address';
let sends = 0;
/** A send of the chain (what an output is locked to). */
async function newSend(from = HOT, amount = '1') {
  sends += 1;
  return insertSend(app.db, {
    chainId: 'DOGE',
    kind: 'withdrawal',
    ref: `utxo-test-${sends}-${randomBytes(4).toString('hex')}`,
    fromAddress: from,
    toAddress: 'somewhere',
    coinName: 'DOGE',
    amount,
    status: 'pending',
    createdAt: clock.now(),
    updatedAt: clock.now(),
  });
}
function output(amount: string, options: Partial<ScannedUtxo> = {}): ScannedUtxo {
  return {
    chainId: 'DOGE',
    txid: randomBytes(32).toString('hex'),
    vout: 0,
    address: HOT,
    key: { account: 2, index: 0 },
    amount,
    blockHeight: 10,
    blockHash: 'block-10',
    ...options,
  };
}
const point = ({ txid, vout }: Outpoint) => ({ txid, vout });
const lockedTo = async (o: Outpoint) => {
  const rows = (await app.db.execute(
    sql`select spent_by_send_id from chain_utxos where chain_id = 'DOGE' and txid = ${o.txid} and vout = ${o.vout}`,
  )) as unknown as { rows: { spent_by_send_id: string | number | null }[] };
  const id = rows.rows[0]?.spent_by_send_id;
  return id == null ? null : Number(id);
};

class Lost extends Error {}

describe('chain_utxos', () => {
  it('two transactions racing to lock one output: exactly one wins, the other rolls back', async () => {
    const coin = output('5');
    await recordUtxos(app.db, [coin], clock.now());
    const [a, b] = [await newSend(), await newSend()];
    const lockIn = (sendId: number, hold?: { locked(): void; until: Promise<void> }) =>
      app.db.transaction(async (tx) => {
        if (!(await lockUtxos(tx, 'DOGE', sendId, [point(coin)]))) throw new Lost();
        hold?.locked();
        await hold?.until;
        return sendId;
      });
    let outcomes: PromiseSettledResult<number>[];
    if (isPostgresRun()) {
      // The first holds its lock open until the second is seen waiting on it (PGlite has one
      // connection: there the two run one after the other).
      let release = () => {};
      let locked = () => {};
      const until = new Promise<void>((resolve) => {
        release = resolve;
      });
      const isLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const first = lockIn(a.id, { locked, until });
      await isLocked;
      const second = lockIn(b.id);
      await vi.waitFor(async () => expect(await waitingOnLocks()).toBeGreaterThanOrEqual(1), {
        timeout: 10_000,
      });
      release();
      outcomes = await Promise.allSettled([first, second]);
    } else {
      outcomes = await Promise.allSettled([lockIn(a.id), lockIn(b.id)]);
    }
    const won = outcomes.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
    const lost = outcomes.flatMap((o) => (o.status === 'rejected' ? [o.reason] : []));
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]).toBeInstanceOf(Lost);
    expect(await lockedTo(coin)).toBe(won[0]);
    if (isPostgresRun()) expect(won[0]).toBe(a.id);
  });

  it('locks all or none: one output already taken, the other stays available', async () => {
    const [free, taken] = [output('1'), output('2')];
    await recordUtxos(app.db, [free, taken], clock.now());
    const [holder, late] = [await newSend(), await newSend()];
    expect(await lockUtxos(app.db, 'DOGE', holder.id, [point(taken)])).toBe(true);
    await expect(
      app.db.transaction(async (tx) => {
        if (!(await lockUtxos(tx, 'DOGE', late.id, [point(free), point(taken)]))) throw new Lost();
      }),
    ).rejects.toBeInstanceOf(Lost);
    expect(await lockedTo(free)).toBeNull();
    expect(await lockedTo(taken)).toBe(holder.id);
    expect(await utxosOfSend(app.db, { id: holder.id, inputs: [point(taken)] })).toMatchObject([
      { txid: taken.txid, vout: 0, amount: '2', key: { account: 2, index: 0 } },
    ]);
  });

  it('a reorg takes outputs off the chain (not available), a re-scan puts them back, their locks untouched', async () => {
    const address = `reorg-${randomBytes(4).toString('hex')}`;
    const low = output('3', { address, blockHeight: 20, blockHash: 'block-20' });
    const high = output('4', { address, blockHeight: 22, blockHash: 'block-22' });
    const locked = output('6', { address, blockHeight: 23, blockHash: 'block-23' });
    await recordUtxos(app.db, [low, high, locked], clock.now());
    const send = await newSend(address);
    expect(await lockUtxos(app.db, 'DOGE', send.id, [point(locked)])).toBe(true);
    const available = () => availableUtxos(app.db, 'DOGE', { addresses: [address] });
    expect((await available()).map((o) => o.amount)).toEqual(['3', '4']);

    expect(await unmineUtxosAbove(app.db, 'DOGE', 21)).toBeGreaterThanOrEqual(2);
    expect((await available()).map((o) => o.amount)).toEqual(['3']);
    expect(await lockedTo(locked)).toBe(send.id);

    // Scanned again in the new chain's blocks: the block is the new one; the lock is as it was.
    await recordUtxos(
      app.db,
      [
        { ...high, blockHeight: 22, blockHash: 'block-22b' },
        { ...locked, blockHeight: 23, blockHash: 'block-23b' },
      ],
      clock.now(),
    );
    expect((await available()).map((o) => o.amount)).toEqual(['3', '4']);
    expect(await lockedTo(locked)).toBe(send.id);
    expect(await availableUtxos(app.db, 'DOGE', { outpoints: [point(low), point(locked)] })).toMatchObject([
      { txid: low.txid },
    ]);
  });

  it('counts the hot wallet’s unspent outputs, and the change its sends in flight still owe it', async () => {
    const hot = `hot-${randomBytes(4).toString('hex')}`;
    const outputs = [
      output('10', { address: hot }),
      output('7', { address: hot }),
      output('1', { address: hot }),
    ];
    await recordUtxos(app.db, outputs, clock.now());
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 3, total: '18' });
    expect(await changeInFlight(app.db, 'DOGE', hot)).toBe('0');

    // A send of 8 spending the 10, at a fee of 0.00226: its change is owed until it is back.
    const send = await newSend(hot, '8');
    const [ten] = outputs;
    if (!ten) throw new Error('no output');
    expect(await lockUtxos(app.db, 'DOGE', send.id, [point(ten)])).toBe(true);
    const txHash = randomBytes(32).toString('hex');
    await insertSendTx(app.db, {
      sendId: send.id,
      chainId: 'DOGE',
      txHash,
      raw: '00',
      fee: { feePerKb: '0.01', fee: '0.00226' },
      signedAtHeight: 10,
      createdAt: clock.now(),
    });
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 2, total: '8' });
    expect(await changeInFlight(app.db, 'DOGE', hot)).toBe('1.99774');

    // Its transaction mined, its change scanned at the hot wallet: nothing is owed.
    await recordUtxos(app.db, [output('1.99774', { address: hot, txid: txHash, vout: 1 })], clock.now());
    expect(await changeInFlight(app.db, 'DOGE', hot)).toBe('0');
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 3, total: '9.99774' });
  });
});

/** Backends of this database waiting on a lock. */
async function waitingOnLocks(): Promise<number> {
  const result = (await app.db.execute(
    sql`select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`,
  )) as unknown as { rows: { n: number }[] };
  return Number(result.rows[0]?.n ?? 0);
}
