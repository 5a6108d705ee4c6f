/**
 * The collection flow on the real devnet chains (app.chains): an order gets a real address of
 * its network, a devnet transfer to it is included by the next block, the app's watcher sees it
 * like any chain transfer, and three blocks later the merchant is credited. Underpaid and
 * overpaid orders on two families (Tron, EVM).
 */
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, callbackEvents } from '../src/db/schema';
import {
  assignOrderNetwork,
  createCollectionOrder,
  getCollectionByNo,
} from '../src/modules/orders/order.service';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const clock = createTestClock(new Date('2026-11-23T09:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  // Blocks and passes on demand instead of the timers.
  await app.chains.stop();
  await app.watcher.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const devnet = () => {
  if (!app.chains.devnet) throw new Error('devnet mode expected');
  return app.chains.devnet;
};
async function blocks(n: number) {
  for (let i = 0; i < n; i++) await devnet().produceBlock();
  await app.watcher.tick();
}
const available = async (merchantId: number) =>
  (
    await app.db
      .select({ available: balances.available })
      .from(balances)
      .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, 'USDT')))
  )[0]?.available;

describe('collection on the devnet chains', () => {
  it('credits a TRON payment after the confirmations, through the chain like any transfer', async () => {
    const merchant = await createMerchant(app, { password: null });
    const shop = await createTestApplication(app, merchant.id);
    const order = await createCollectionOrder(app, {
      application: shop,
      input: { merchantOrderNo: 'dev-1', currency: 'USDT', network: 'TRON', amount: '25' },
      source: 'api',
    });
    expect(order.payAddress).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(app.chains.get('TRON')?.isValidAddress(order.payAddress ?? '')).toBe(true);
    const transfer = await devnet().transfer({
      chainId: 'TRON',
      toAddress: order.payAddress ?? '',
      coinName: 'USDT',
      amount: '25',
    });
    // Not in a block yet: nothing seen.
    await app.watcher.tick();
    expect((await getCollectionByNo(app.db, order.orderNo))?.status).toBe('pending');
    await blocks(1);
    expect(await getCollectionByNo(app.db, order.orderNo)).toMatchObject({
      status: 'confirming',
      txHash: transfer.txHash,
    });
    await blocks(1);
    expect((await getCollectionByNo(app.db, order.orderNo))?.status).toBe('confirming');
    await blocks(1);
    expect(await getCollectionByNo(app.db, order.orderNo)).toMatchObject({
      status: 'completed',
      fee: '0.200000000000000000',
    });
    expect(await available(merchant.id)).toBe('24.800000000000000000');
    const events = await app.db
      .select({ type: callbackEvents.type })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, order.id));
    expect(events.map((e) => e.type).sort()).toEqual(['collection.completed', 'collection.confirming']);
  });

  it('handles an underpaid then overpaid order on an EVM chain chosen later', async () => {
    const merchant = await createMerchant(app, { password: null });
    const shop = await createTestApplication(app, merchant.id);
    const order = await createCollectionOrder(app, {
      application: shop,
      input: { merchantOrderNo: 'dev-2', currency: 'USDT', amount: '10' },
      source: 'api',
    });
    const assigned = await assignOrderNetwork(app, order.orderNo, 'BSC');
    expect(assigned.payAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await devnet().transfer({
      chainId: 'BSC',
      toAddress: assigned.payAddress ?? '',
      coinName: 'USDT',
      amount: '4',
    });
    await blocks(3);
    expect(await getCollectionByNo(app.db, order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '4.000000000000000000',
    });
    await devnet().transfer({
      chainId: 'BSC',
      toAddress: assigned.payAddress ?? '',
      coinName: 'USDT',
      amount: '7',
    });
    await blocks(3);
    expect(await getCollectionByNo(app.db, order.orderNo)).toMatchObject({
      status: 'completed',
      exception: 'overpaid',
      paidAmount: '11.000000000000000000',
      fee: '0.088000000000000000',
    });
    expect(await available(merchant.id)).toBe('10.912000000000000000');
  });
});
