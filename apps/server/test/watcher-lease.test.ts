/**
 * One scanner per chain, and the watched set (docs/decisions/2026-12-07-chain-boundary.md): two
 * watcher nodes on one database, passing at once, scan and credit a chain from one node only;
 * the other takes over once the holder's lease runs out, or at once when it stops and gives it
 * up. The watched set reads only the rows after the last it read, and an address issued after
 * a pass is watched on the next. Runs on PGlite and on PostgreSQL (where the two nodes' passes
 * really run at once, through the pool).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainLeases, chainTransfers, watchedAddresses } from '../src/db/schema';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { runWatcherTick, type WatcherDeps } from '../src/modules/watcher/collection-watcher';
import { createCollectionWatcher, createWatcherNode } from '../src/modules/watcher/start-watcher';
import { WatchedSets } from '../src/modules/watcher/watched-set';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { createFakeChains } from './helpers/fake-chains';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const LEASE_MS = 30_000;
const clock = createTestClock(new Date('2026-12-07T09:00:00.000Z'));
const chains = createFakeChains({ enabled: ['TRON', 'BSC'], confirmations: 3, now: clock.now });
const tron = chains.chain('TRON');
let app: FastifyInstance;
let a: WatcherDeps;
let b: WatcherDeps;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
  const deps = { db: app.db, now: clock.now, chains, events: { publicUrl: 'https://pay.example.com' } };
  a = { ...deps, node: createWatcherNode(LEASE_MS) };
  b = { ...deps, node: createWatcherNode(LEASE_MS) };
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

async function newShop() {
  const merchant = await createMerchant(app);
  return createTestApplication(app, merchant.id);
}
const leaseHolder = async (chainId: string) =>
  (
    await app.db
      .select()
      .from(chainLeases)
      .where(eq(chainLeases.name, `scan:${chainId}`))
  )[0]?.holder;

describe('the scan lease', () => {
  it('lets one of two nodes passing at once scan and credit each chain, and keeps it while renewed', async () => {
    const shop = await newShop();
    const orders = [];
    for (let i = 0; i < 4; i++) {
      const order = await createOrderOn({ db: app.db, now: clock.now, chains }, shop, {
        amount: '3',
        network: 'TRON',
      });
      tron.pay(order.payAddress ?? '', 'USDT', '3');
      orders.push(order);
    }
    tron.mine(2);
    const [ra, rb] = await Promise.all([runWatcherTick(a), runWatcherTick(b)]);
    // Each chain (TRON, BSC) is scanned by exactly one node.
    expect((ra?.scanned ?? 0) + (rb?.scanned ?? 0)).toBe(2);
    expect((ra?.recorded ?? 0) + (rb?.recorded ?? 0)).toBe(4);
    expect((ra?.credited ?? 0) + (rb?.credited ?? 0)).toBe(4);
    const holder = await leaseHolder('TRON');
    expect([a.node.holder, b.node.holder]).toContain(holder);
    const [holding, other] = holder === a.node.holder ? [a, b] : [b, a];
    // Renewed every pass: the other node gets nothing, however often it passes.
    for (let i = 0; i < 3; i++) {
      clock.advance(LEASE_MS / 2);
      expect((await runWatcherTick(holding)).scanned).toBeGreaterThanOrEqual(1);
      const report = await runWatcherTick(other);
      expect(await leaseHolder('TRON')).toBe(holding.node.holder);
      if (holder === (await leaseHolder('BSC'))) expect(report.scanned).toBe(0);
    }
    for (const order of orders)
      expect((await getCollectionByNo(app.db, order.orderNo))?.status).toBe('completed');
  });

  it('passes a dead holder’s chain to another node once its lease runs out, and nothing is missed', async () => {
    const holder = (await leaseHolder('TRON')) === a.node.holder ? a : b;
    const other = holder === a ? b : a;
    const shop = await newShop();
    const order = await createOrderOn({ db: app.db, now: clock.now, chains }, shop, {
      amount: '7',
      network: 'TRON',
    });
    tron.pay(order.payAddress ?? '', 'USDT', '7');
    tron.mine(2);
    // The holder "dies": it passes no more. Within its lease the other node does nothing.
    clock.advance(LEASE_MS - 1000);
    expect((await runWatcherTick(other)).recorded).toBe(0);
    expect((await getCollectionByNo(app.db, order.orderNo))?.status).toBe('pending');
    clock.advance(1000);
    const report = await runWatcherTick(other);
    expect(report).toMatchObject({ recorded: 1, credited: 1 });
    expect(await leaseHolder('TRON')).toBe(other.node.holder);
    expect((await getCollectionByNo(app.db, order.orderNo))?.status).toBe('completed');
    // The old holder, back, waits its turn.
    expect((await runWatcherTick(holder)).scanned).toBe(0);
  });

  it('is given up when a watcher stops, so another node takes the chain on its next pass', async () => {
    const holder = (await leaseHolder('TRON')) === a.node.holder ? a : b;
    const other = holder === a ? b : a;
    const watcher = createCollectionWatcher({ ...holder, everyMs: 3_600_000, afterEvents: () => undefined });
    watcher.start();
    await watcher.tick();
    await watcher.stop();
    expect(await leaseHolder('TRON')).toBeUndefined();
    expect((await runWatcherTick(other)).scanned).toBe(2);
  });
});

describe('the watched set', () => {
  it('watches an address issued after a pass on the next one, reading only the new rows', async () => {
    const set = new WatchedSets();
    const total = (await app.db.select({ n: sql<number>`count(*)::int` }).from(watchedAddresses))[0]?.n;
    expect(await set.refresh(app.db, clock.now())).toBe(total);
    expect(await set.refresh(app.db, clock.now())).toBe(0);
    const shop = await newShop();
    const order = await createOrderOn({ db: app.db, now: clock.now, chains }, shop, {
      amount: '2',
      network: 'TRON',
    });
    // The order's statement wrote its watched row (the trigger of migration 0023).
    const [row] = await app.db
      .select()
      .from(watchedAddresses)
      .where(and(eq(watchedAddresses.chainId, 'TRON'), eq(watchedAddresses.address, order.payAddress ?? '')));
    expect(row).toMatchObject({ orderId: order.id, depositAddressId: null });
    expect(await set.refresh(app.db, clock.now())).toBe(1);
    expect(set.of('TRON').has(order.payAddress ?? '')).toBe(true);
    expect(set.of('BSC').has(order.payAddress ?? '')).toBe(false);

    // Through the watcher: the holder's set picks the new order up, and its payment is seen.
    const holder = (await leaseHolder('TRON')) === a.node.holder ? a : b;
    await runWatcherTick(holder);
    const late = await createOrderOn({ db: app.db, now: clock.now, chains }, shop, {
      amount: '2',
      network: 'TRON',
    });
    tron.pay(late.payAddress ?? '', 'USDT', '2');
    expect((await runWatcherTick(holder)).recorded).toBe(1);
    expect(
      await app.db.select().from(chainTransfers).where(eq(chainTransfers.orderId, late.id)),
    ).toHaveLength(1);
  });

  it('asks again for an id it skipped (a row committed after a higher one was read)', async () => {
    const set = new WatchedSets();
    await set.refresh(app.db, clock.now());
    const [max] = await app.db.select({ id: sql<number>`coalesce(max(id), 0)::int` }).from(watchedAddresses);
    const base = (max?.id ?? 0) + 100;
    const insert = (id: number, address: string) =>
      app.db.execute(
        sql`insert into watched_addresses (id, chain_id, address) overriding system value values (${id}, 'DOGE', ${address})`,
      );
    await insert(base + 2, 'DOGE-later');
    expect(await set.refresh(app.db, clock.now())).toBe(1);
    // The lower id commits after: still read.
    await insert(base + 1, 'DOGE-earlier');
    expect(await set.refresh(app.db, clock.now())).toBe(1);
    expect(set.of('DOGE').has('DOGE-earlier')).toBe(true);
    expect(await set.refresh(app.db, clock.now())).toBe(0);
  });
});
