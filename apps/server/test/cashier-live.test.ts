/**
 * The cashier in CHAIN_MODE=live: the simulate call does not exist (404 for any order, a test
 * order from an earlier devnet run included, and absent from the API docs); the view says so
 * and offers no network, since no live chain runs yet.
 */
import { ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainTransfers, devnetTransfers, orders } from '../src/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';

const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const ORDER_NO = 'TG202611230123456789ABCDEF0123';
const LIVE_ORDER_NO = 'TG202611230123456789ABCDEF0124';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: TEST_MNEMONIC } });
  const shop = await createTestApplication(app, (await createMerchant(app)).id);
  // Left from a devnet run: a test order with a devnet address.
  await app.db.insert(orders).values({
    orderNo: ORDER_NO,
    type: 'collection',
    merchantId: shop.merchantId,
    applicationId: shop.id,
    merchantOrderNo: 'old-devnet-order',
    currency: 'USDT',
    amount: '5',
    test: true,
    requestHash: 'x',
    expiresAt: new Date(Date.now() + 3_600_000),
  });
  // A live order paid in two transfers (and sent a coin it does not take, which paid nothing).
  const [live] = await app.db
    .insert(orders)
    .values({
      orderNo: LIVE_ORDER_NO,
      type: 'collection',
      merchantId: shop.merchantId,
      applicationId: shop.id,
      merchantOrderNo: 'live-order',
      currency: 'USDT',
      amount: '30',
      paidAmount: '30',
      network: 'TRON',
      payAddress: 'TLiveOrderAddress',
      status: 'completed',
      txHash: 'a'.repeat(64),
      test: false,
      requestHash: 'y',
      expiresAt: new Date(Date.now() + 3_600_000),
    })
    .returning({ id: orders.id });
  const transfer = (txHash: string, coinName: string, amount: string, status: 'credited' | 'ignored') => ({
    chainId: 'TRON',
    txHash,
    fromAddress: 'TPayer',
    toAddress: 'TLiveOrderAddress',
    coinName,
    amount,
    blockHeight: 100,
    orderId: live?.id,
    status,
  });
  await app.db
    .insert(chainTransfers)
    .values([
      transfer('a'.repeat(64), 'USDT', '10', 'credited'),
      transfer('c'.repeat(64), 'TRX', '3', 'ignored'),
      transfer('b'.repeat(64), 'USDT', '20', 'credited'),
    ]);
});
afterAll(() => app.close());

describe('the cashier in live mode', () => {
  it('has no simulate call: 404 for any order, nothing written, not in the API docs', async () => {
    for (const orderNo of [ORDER_NO, 'TG20261123AAAAAAAAAAAAAAAAAAAA']) {
      const response = await app.inject({
        method: 'POST',
        url: '/front/cashier/simulate',
        payload: { orderNo, amount: '5' },
      });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: ErrorCode.NOT_FOUND, data: null });
    }
    expect(await app.db.select().from(devnetTransfers)).toEqual([]);
    const docs = (await app.inject({ url: '/api-docs/json' })).json();
    expect(docs.paths['/front/cashier/simulate']).toBeUndefined();
    expect(docs.paths['/front/cashier/order']).toBeDefined();
  });

  it('shows the order without simulation and with no network to pick while no chain runs', async () => {
    const { data } = (await app.inject({ url: `/front/cashier/order?orderNo=${ORDER_NO}` })).json();
    expect(data).toMatchObject({
      orderNo: ORDER_NO,
      test: true,
      simulate: false,
      networks: [],
      network: null,
    });
  });

  it("lists every transfer that paid a live order, each linked to the chain's explorer", async () => {
    const { data } = (await app.inject({ url: `/front/cashier/order?orderNo=${LIVE_ORDER_NO}` })).json();
    expect(data.transfers).toEqual([
      {
        txHash: 'a'.repeat(64),
        amount: '10',
        confirmed: true,
        explorerUrl: `https://tronscan.org/#/transaction/${'a'.repeat(64)}`,
      },
      {
        txHash: 'b'.repeat(64),
        amount: '20',
        confirmed: true,
        explorerUrl: `https://tronscan.org/#/transaction/${'b'.repeat(64)}`,
      },
    ]);
  });
});
