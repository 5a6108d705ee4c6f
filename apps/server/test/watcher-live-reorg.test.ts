/**
 * The watcher on a real EVM node (anvil, CHAIN_MODE=live, the EVM adapter): a token payment
 * reorganized away before its confirmations (anvil_reorg) is dropped and the order is pending
 * again with collection.payment_reverted, nothing credited; paid again it completes once. A
 * reorg deeper than the confirmations after the credit marks it `reorged` with a deep_reorg
 * alert, and no balance moves. The platform books match the node (chain:reconcile) each time.
 */
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, callbackEvents, chainAlerts, chainTransfers, fundRecords } from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

let anvil: Anvil;
let token: string;
let app: FastifyInstance;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployToken();
  app = await buildTestApp({
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_ETH: anvil.url,
      CHAIN_ID_ETH: '31337',
      TOKEN_USDT_ETH: token,
      CONFIRMATIONS_ETH: '3',
    },
  });
  await app.ready();
  await app.watcher.stop();
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

const expectBooksMatchNode = async () => {
  const eth = app.chains.get('ETH');
  if (!eth) throw new Error('ETH not enabled');
  const rows = await reconcileChain(app.db, eth);
  expect(rows.flatMap((row) => row.differences)).toEqual([]);
  expect(isClean(rows)).toBe(true);
};
const reload = async (orderNo: string) => {
  const order = await getCollectionByNo(app.db, orderNo);
  if (!order) throw new Error('order vanished');
  return order;
};

describe('a reorg on a live EVM node', () => {
  it('drops a payment reorganized away before its confirmations; paid again, the order completes once', async () => {
    await app.watcher.tick(); // the cursor starts at the head
    const merchant = await createMerchant(app);
    const shop = await createTestApplication(app, merchant.id);
    const order = await createOrderOn({ db: app.db, now: app.now, chains: app.chains }, shop, {
      amount: '25.5',
      network: 'ETH',
    });
    const address = order.payAddress ?? '';
    await anvil.tokenTransfer(token, address, 25_500_000n);
    expect(await app.watcher.tick()).toMatchObject({ recorded: 1 });
    expect((await reload(order.orderNo)).status).toBe('confirming');

    // The payment's block (the last) is replaced by an empty one, and one more is mined.
    await anvil.reorg(1);
    await anvil.mine(1);
    expect(await app.watcher.tick()).toMatchObject({ reorgs: 1, dropped: 1, credited: 0 });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '0.000000000000000000',
    });
    expect(await app.db.select().from(fundRecords).where(eq(fundRecords.orderNo, order.orderNo))).toEqual([]);

    await anvil.tokenTransfer(token, address, 25_500_000n);
    await anvil.mine(3);
    await app.watcher.tick();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'completed' });
    expect(
      await app.db.select().from(fundRecords).where(eq(fundRecords.orderNo, order.orderNo)),
    ).toHaveLength(1);
    const events = await app.db
      .select({ type: callbackEvents.type })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, order.id))
      .orderBy(asc(callbackEvents.seq));
    expect(events.map((e) => e.type)).toEqual([
      'collection.confirming',
      'collection.payment_reverted',
      'collection.confirming',
      'collection.completed',
    ]);

    await expectBooksMatchNode();
  });

  it('marks a credited payment reorged deeper than the confirmations, with an alert; no balance moves', async () => {
    const merchant = await createMerchant(app);
    const shop = await createTestApplication(app, merchant.id);
    const order = await createOrderOn({ db: app.db, now: app.now, chains: app.chains }, shop, {
      amount: '10',
      network: 'ETH',
    });
    const paid = await anvil.tokenTransfer(token, order.payAddress ?? '', 10_000_000n);
    await anvil.mine(2);
    await app.watcher.tick();
    expect((await reload(order.orderNo)).status).toBe('completed');
    const [before] = await app.db.select().from(balances).where(eq(balances.merchantId, merchant.id));

    await anvil.reorg(5);
    await anvil.mine(1);
    expect(await app.watcher.tick()).toMatchObject({ reorgs: 1, reorged: 1 });
    const [row] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, paid));
    expect(row?.status).toBe('reorged');
    const alerts = await app.db.select().from(chainAlerts).where(eq(chainAlerts.kind, 'deep_reorg'));
    expect(
      alerts.flatMap((a) => (a.detail as { credited: { txHash: string }[] }).credited.map((c) => c.txHash)),
    ).toContain(paid);
    const [after] = await app.db.select().from(balances).where(eq(balances.merchantId, merchant.id));
    expect(after?.available).toBe(before?.available);
    expect((await reload(order.orderNo)).status).toBe('completed');
    await expectBooksMatchNode();
  });
});
