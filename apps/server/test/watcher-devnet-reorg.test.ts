/**
 * The devnet's reorg control (`app.chains.devnet.reorg`) through the real devnet adapter and the
 * app's own watcher: the last blocks get new hashes, their transfers go back to pending and are
 * mined again in the next block (or, with `drop`, are gone); the watcher rewinds, drops the
 * orphaned transfer, takes the order back to pending, and completes it once when it is mined
 * again.
 */
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DevnetControl } from '../src/chains/chain-registry';
import { callbackEvents, chainTransfers, devnetBlocks, fundRecords } from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

let app: FastifyInstance;
let devnet: DevnetControl;

beforeAll(async () => {
  app = await buildTestApp({ env: { DEVNET_BLOCK_MS: '3600000' } });
  await app.ready();
  // Blocks and passes are made by this file.
  await app.watcher.stop();
  await app.chains.stop();
  if (!app.chains.devnet) throw new Error('devnet controls missing');
  devnet = app.chains.devnet;
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

async function newOrder(amount: string) {
  const merchant = await createMerchant(app);
  const shop = await createTestApplication(app, merchant.id);
  return createOrderOn({ db: app.db, now: app.now, chains: app.chains }, shop, { amount, network: 'TRON' });
}
const reload = async (orderNo: string) => {
  const order = await getCollectionByNo(app.db, orderNo);
  if (!order) throw new Error('order vanished');
  return order;
};
const eventTypes = async (orderId: number) =>
  (
    await app.db
      .select({ type: callbackEvents.type })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, orderId))
      .orderBy(asc(callbackEvents.seq))
  ).map((e) => e.type);
/** chain:reconcile on TRON: the platform books match the devnet chain, address by address. */
const expectBooksMatchChain = async () => {
  const tron = app.chains.get('TRON');
  if (!tron) throw new Error('TRON missing');
  const rows = await reconcileChain(app.db, tron);
  expect(rows.flatMap((row) => row.differences)).toEqual([]);
  expect(isClean(rows)).toBe(true);
};
const blockAndPass = async () => {
  await devnet.produceBlock();
  return app.watcher.tick();
};

describe('app.chains.devnet.reorg', () => {
  it('replaces the last blocks; their transfers are mined again in the next block, and the order completes once', async () => {
    const order = await newOrder('10');
    const sent = await devnet.transfer({
      chainId: 'TRON',
      toAddress: order.payAddress ?? '',
      coinName: 'USDT',
      amount: '10',
    });
    await blockAndPass();
    expect((await reload(order.orderNo)).status).toBe('confirming');
    const [recorded] = await app.db
      .select()
      .from(chainTransfers)
      .where(eq(chainTransfers.txHash, sent.txHash));
    const height = recorded?.blockHeight ?? -1;
    const hashBefore = recorded?.blockHash;

    const reorg = await devnet.reorg('TRON', 1);
    expect(reorg).toMatchObject({ chainId: 'TRON', fromHeight: height, head: height, transfers: 1 });
    const [block] = await app.db
      .select()
      .from(devnetBlocks)
      .where(and(eq(devnetBlocks.chainId, 'TRON'), eq(devnetBlocks.height, height)));
    expect(block?.hash).not.toBe(hashBefore);

    // The next block holds the transfer again; the pass rewinds, then records it in its new block.
    const report = await blockAndPass();
    expect(report).toMatchObject({ reorgs: 1, dropped: 1 });
    const [again] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, sent.txHash));
    expect(again).toMatchObject({ blockHeight: height + 1, status: 'confirming' });
    expect((await reload(order.orderNo)).status).toBe('confirming');

    await devnet.produceBlock();
    await blockAndPass();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      paidAmount: '10.000000000000000000',
    });
    expect(
      await app.db.select().from(fundRecords).where(eq(fundRecords.orderNo, order.orderNo)),
    ).toHaveLength(1);
    expect(await eventTypes(order.id)).toEqual([
      'collection.confirming',
      'collection.payment_reverted',
      'collection.confirming',
      'collection.completed',
    ]);
    await expectBooksMatchChain();
  });

  it('with drop, the transfers are gone: the order is pending again and stays so', async () => {
    const order = await newOrder('4');
    const sent = await devnet.transfer({
      chainId: 'TRON',
      toAddress: order.payAddress ?? '',
      coinName: 'USDT',
      amount: '4',
    });
    await blockAndPass();
    expect((await reload(order.orderNo)).status).toBe('confirming');
    expect(await devnet.reorg('TRON', 2, { drop: true })).toMatchObject({ transfers: 1 });
    expect(await blockAndPass()).toMatchObject({ reorgs: 1, dropped: 1 });
    await blockAndPass();
    await blockAndPass();
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '0.000000000000000000',
    });
    expect(await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, sent.txHash))).toEqual(
      [],
    );
  });
});
