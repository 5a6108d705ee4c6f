/**
 * Restarting the server mid-scan on a real EVM node (issue 32 §5.8: anvil, CHAIN_MODE=live, the
 * EVM adapter): token and native payments spread over more than a thousand blocks, so the
 * watcher needs several passes (it scans at most 500 blocks a pass). Three server instances
 * take turns on one database and one node:
 * - the first scans one range and credits it, then is closed while its next pass is in flight:
 *   the close waits for the pass, which finishes, and gives the chain's lease up;
 * - the second dies in the middle of a pass: the scan's transaction has committed (the range
 *   recorded, the cursor moved), the credits never ran, and its lease is never given up;
 * - the third waits out the dead node's lease, then takes the chain over and catches up.
 * Every payment is credited exactly once (one fund record per order, every order completed,
 * each chain transfer once), and the platform books match the node (chain:reconcile) and the
 * ledger verifies. Then two downtimes:
 * - an hour long, with the payment of an order due in five minutes made in time but more than a
 *   scan range behind: the first pass back expires the order by the clock, the next finds the
 *   payment (its block came before the expiry) and the order completes, credited once;
 * - a reorg that took a recorded, not yet credited payment while no server ran: found from the
 *   stored blocks after the restart, the payment dropped; paid again, credited once.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainAdapter } from '../src/chains/chain-adapter';
import type { DatabaseHandle } from '../src/db/client';
import { callbackEvents, chainCursors, chainLeases, chainTransfers, fundRecords } from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { createEpusdtEventWriter } from '../src/modules/epusdt/epusdt-notify';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { holdLease, leaseName } from '../src/modules/watcher/chain-lease';
import { emptyReport, scanChain, type WatcherDeps } from '../src/modules/watcher/collection-watcher';
import { createWatcherNode } from '../src/modules/watcher/start-watcher';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createTestDatabase } from './helpers/test-database';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const LEASE_MS = 30_000;
const clock = createTestClock(new Date());

let anvil: Anvil;
let token: string;
let database: DatabaseHandle;
/** The server instance running now (the last one started). */
let app: FastifyInstance | undefined;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployToken();
  database = await createTestDatabase();
});
afterAll(async () => {
  if (app) {
    await expectLedgerClean(app.db);
    await expectReportStatsExact(app.db);
  }
  await app?.close();
  await database?.close();
  await anvil?.stop();
});

/** A server instance on the test's one database (which outlives it) and the node; its own loop stopped. */
async function startServer(): Promise<FastifyInstance> {
  const started = await buildTestApp({
    now: clock.now,
    database: { ...database, close: async () => {} },
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_ETH: anvil.url,
      CHAIN_ID_ETH: '31337',
      TOKEN_USDT_ETH: token,
      CONFIRMATIONS_ETH: '2',
      WATCHER_LEASE_MS: String(LEASE_MS),
      // Nothing is swept: no send of the platform's own moves the node's head under the test.
      SWEEP_MIN_USDT: '1000000',
      SWEEP_MIN_ETH: '1000',
    },
  });
  await started.ready();
  await started.watcher.stop();
  app = started;
  return started;
}
const ethOf = (server: FastifyInstance): ChainAdapter => {
  const adapter = server.chains.get('ETH');
  if (!adapter) throw new Error('ETH not enabled');
  return adapter;
};
const cursorOf = async (server: FastifyInstance) => {
  const [row] = await server.db.select().from(chainCursors).where(eq(chainCursors.chainId, 'ETH'));
  return row;
};
const statusOf = async (server: FastifyInstance, orderNo: string) =>
  (await getCollectionByNo(server.db, orderNo))?.status;

describe('restarting the server mid-scan on a live EVM node', () => {
  it('misses and doubles nothing across a close between passes, a crash mid-pass and a lease taken over', async () => {
    // The first server: the cursor starts at the head; the orders are made, then paid over
    // three scan ranges' worth of blocks.
    const first = await startServer();
    await first.watcher.tick();
    const start = (await cursorOf(first))?.scannedHeight ?? -1;
    expect(start).toBe(await anvil.head());
    const merchant = await createMerchant(first);
    const shop = await createTestApplication(first, merchant.id);
    const deps = { db: first.db, now: clock.now, chains: first.chains };
    const order = (amount: string, currency?: string) =>
      createOrderOn(deps, shop, {
        amount,
        network: 'ETH',
        expiresIn: 172_800,
        ...(currency ? { currency } : {}),
      });
    const a = await order('11');
    const b = await order('0.02', 'ETH');
    const c = await order('12.5');
    const d = await order('13');
    const e = await order('0.03', 'ETH');
    const pay = {
      token: (address: string | null, units: bigint) => anvil.tokenTransfer(token, address ?? '', units),
      native: async (address: string | null, ether: string) =>
        anvil.waitMined(await anvil.send({ to: address ?? '', value: parseEther(ether) })),
    };
    await pay.token(a.payAddress, 11_000_000n); // range 1 (the first 500 blocks)
    await pay.native(b.payAddress, '0.02');
    await anvil.mine(600);
    await pay.token(c.payAddress, 12_500_000n); // range 2
    await anvil.mine(600);
    await pay.token(d.payAddress, 13_000_000n); // range 3
    await pay.native(e.payAddress, '0.03');
    await anvil.mine(5);
    const paidHead = await anvil.head();
    expect(paidHead - start).toBeGreaterThan(1000);

    // One pass: the first range (a and b), credited (their blocks are long confirmed).
    expect(await first.watcher.tick()).toMatchObject({ scanned: 1, recorded: 2, credited: 2 });
    expect((await cursorOf(first))?.scannedHeight).toBe(start + 500);
    expect([await statusOf(first, a.orderNo), await statusOf(first, b.orderNo)]).toEqual([
      'completed',
      'completed',
    ]);
    expect(await statusOf(first, c.orderNo)).toBe('pending');

    // Closed while its next pass is in flight, the loop on as in a server: the close waits for
    // the pass (range 2: c recorded and credited), then gives the chain's lease up.
    first.watcher.start();
    const inFlight = first.watcher.tick();
    await first.close();
    // Done by the time the close is: the range recorded, the lease free.
    expect((await cursorOf(first))?.scannedHeight).toBe(start + 1000);
    expect(await statusOf(first, c.orderNo)).toBe('completed');
    expect(await database.db.select().from(chainLeases)).toEqual([]);
    expect(await inFlight).toMatchObject({ scanned: 1, recorded: 1, credited: 1 });

    // The second server dies mid-pass: its scan of range 3 commits (d and e recorded, the cursor
    // at the head), and the process is gone before its credits, before the pass is booked, and
    // without giving its lease up. This is the pass's own first step (runWatcherTick: the lease,
    // then scanChain), run alone with the node's own watcher state.
    const second = await startServer();
    const dying: WatcherDeps = {
      db: second.db,
      now: clock.now,
      chains: second.chains,
      events: { publicUrl: second.config.publicUrl, epusdt: createEpusdtEventWriter() },
      node: createWatcherNode(LEASE_MS),
    };
    expect(await holdLease(second.db, leaseName('ETH'), dying.node.holder, clock.now(), LEASE_MS)).toBe(true);
    const partial = emptyReport();
    await scanChain(dying, ethOf(second), partial);
    expect(partial).toMatchObject({ recorded: 2, credited: 0 });
    expect(await cursorOf(second)).toMatchObject({ scannedHeight: paidHead, bookedHeight: start + 1000 });
    expect([await statusOf(second, d.orderNo), await statusOf(second, e.orderNo)]).toEqual([
      'confirming',
      'confirming',
    ]);
    // Mid-pass, the books are still whole at the booked height.
    const midway = await reconcileChain(second.db, ethOf(second));
    expect(midway.flatMap((row) => row.differences)).toEqual([]);
    await second.close();

    // The third server: the dead node's lease still runs, so it scans and credits nothing yet.
    const third = await startServer();
    expect(await third.watcher.tick()).toMatchObject({ scanned: 0, recorded: 0, credited: 0 });
    expect(await statusOf(third, d.orderNo)).toBe('confirming');
    // A payment made meanwhile, for an order the third server makes.
    const f = await createOrderOn({ db: third.db, now: clock.now, chains: third.chains }, shop, {
      amount: '14',
      network: 'ETH',
      expiresIn: 172_800,
    });
    await pay.token(f.payAddress, 14_000_000n);
    await anvil.mine(2);

    // Once the lease has run out, the third server takes the chain over and catches up: d and
    // e credited from the dead node's scan, f scanned and credited, nothing twice.
    clock.advance(LEASE_MS + 1);
    const caughtUp = emptyReport();
    for (let pass = 0; pass < 5; pass += 1) {
      const report = await third.watcher.tick();
      caughtUp.recorded += report.recorded;
      caughtUp.credited += report.credited;
      if ((await cursorOf(third))?.scannedHeight === (await anvil.head()) && report.credited === 0) break;
    }
    expect(caughtUp).toMatchObject({ recorded: 1, credited: 3 });
    const head = await anvil.head();
    expect(await cursorOf(third)).toMatchObject({ scannedHeight: head, bookedHeight: head });

    const all = [a, b, c, d, e, f];
    for (const paid of all) {
      expect(await getCollectionByNo(third.db, paid.orderNo)).toMatchObject({
        status: 'completed',
        exception: null,
        paidAmount: paid.amount,
      });
    }
    const records = await third.db.select().from(fundRecords).orderBy(asc(fundRecords.id));
    expect(records.map((record) => record.orderNo).sort()).toEqual(all.map((paid) => paid.orderNo).sort());
    const transfers = await third.db.select().from(chainTransfers).orderBy(asc(chainTransfers.id));
    expect(transfers.map((transfer) => transfer.status)).toEqual(all.map(() => 'credited'));
    expect(new Set(transfers.map((transfer) => transfer.txHash)).size).toBe(all.length);
    expect(transfers.map((transfer) => transfer.orderId)).toEqual(all.map((paid) => paid.id));
    // Each order's events once each: confirming, then completed.
    for (const paid of all) {
      const events = await third.db
        .select({ type: callbackEvents.type })
        .from(callbackEvents)
        .where(eq(callbackEvents.orderId, paid.id))
        .orderBy(asc(callbackEvents.seq));
      expect(events.map((event) => event.type)).toEqual(['collection.confirming', 'collection.completed']);
    }

    const rows = await reconcileChain(third.db, ethOf(third));
    expect(rows.flatMap((row) => row.differences)).toEqual([]);
    expect(isClean(rows)).toBe(true);
  });
  it('credits once a payment made in time, scanned only after a downtime past its order’s expiry', async () => {
    const running = app;
    if (!running) throw new Error('no server running');
    const merchant = await createMerchant(running);
    const shop = await createTestApplication(running, merchant.id);
    // An order with five minutes to go; its payment, in time, lies beyond the first range a
    // restarted server scans (its block's time is the node's: the wall clock, behind this test's).
    const g = await createOrderOn({ db: running.db, now: clock.now, chains: running.chains }, shop, {
      amount: '9',
      network: 'ETH',
      expiresIn: 300,
    });
    await anvil.mine(600);
    const paid = await anvil.tokenTransfer(token, g.payAddress ?? '', 9_000_000n);
    await anvil.mine(2);
    const paidAt = Number((await anvil.waitMined(paid)).blockNumber);
    expect(paidAt - ((await cursorOf(running))?.scannedHeight ?? paidAt)).toBeGreaterThan(500);
    running.watcher.start();
    await running.close(); // the lease given up

    // An hour later the server is back. Its first pass scans the first range and expires the
    // order by the clock (the chain's node is behind it; the rules say a block timed before the
    // expiry still counts); the next pass finds the payment: confirming, then credited, once.
    clock.advance(60 * 60_000);
    const back = await startServer();
    expect(await back.watcher.tick()).toMatchObject({ scanned: 1, recorded: 0, expired: 1 });
    expect(await statusOf(back, g.orderNo)).toBe('expired');
    const report = emptyReport();
    for (
      let pass = 0;
      pass < 3 && (await cursorOf(back))?.scannedHeight !== (await anvil.head());
      pass += 1
    ) {
      const next = await back.watcher.tick();
      report.recorded += next.recorded;
      report.credited += next.credited;
    }
    expect(report).toMatchObject({ recorded: 1, credited: 1 });
    expect(await getCollectionByNo(back.db, g.orderNo)).toMatchObject({
      status: 'completed',
      exception: null,
      paidAmount: g.amount,
      txHash: paid,
    });
    const events = await back.db
      .select({ type: callbackEvents.type })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, g.id))
      .orderBy(asc(callbackEvents.seq));
    expect(events.map((event) => event.type)).toEqual([
      'collection.expired',
      'collection.confirming',
      'collection.completed',
    ]);
    expect(await back.db.select().from(fundRecords).where(eq(fundRecords.orderNo, g.orderNo))).toHaveLength(
      1,
    );
    const rows = await reconcileChain(back.db, ethOf(back));
    expect(rows.flatMap((row) => row.differences)).toEqual([]);
  });
  it('finds, after a restart, a reorg that took a recorded payment while the server was down', async () => {
    const before = app;
    if (!before) throw new Error('no server running');
    await before.watcher.tick(); // caught up to the head
    const merchant = await createMerchant(before);
    const shop = await createTestApplication(before, merchant.id);
    const h = await createOrderOn({ db: before.db, now: clock.now, chains: before.chains }, shop, {
      amount: '8',
      network: 'ETH',
      expiresIn: 172_800,
    });
    await anvil.tokenTransfer(token, h.payAddress ?? '', 8_000_000n);
    expect(await before.watcher.tick()).toMatchObject({ recorded: 1, credited: 0 });
    expect(await statusOf(before, h.orderNo)).toBe('confirming');
    before.watcher.start();
    await before.close();

    // While no server runs, the payment's block is replaced by an empty one and the chain goes on.
    await anvil.reorg(1);
    await anvil.mine(1);
    const after = await startServer();
    expect(await after.watcher.tick()).toMatchObject({ reorgs: 1, dropped: 1, credited: 0 });
    expect(await getCollectionByNo(after.db, h.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '0.000000000000000000',
    });
    // Paid again: completed, credited once.
    const again = await anvil.tokenTransfer(token, h.payAddress ?? '', 8_000_000n);
    await anvil.mine(2);
    await after.watcher.tick();
    expect(await getCollectionByNo(after.db, h.orderNo)).toMatchObject({
      status: 'completed',
      txHash: again,
    });
    const records = await after.db.select().from(fundRecords).where(eq(fundRecords.orderNo, h.orderNo));
    expect(records.map((record) => record.txHash)).toEqual([again]);
    const rows = await reconcileChain(after.db, ethOf(after));
    expect(rows.flatMap((row) => row.differences)).toEqual([]);
  });
});
