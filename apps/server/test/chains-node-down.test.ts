/**
 * A live chain whose node stops answering (issue 32 §3), on a real anvil behind a proxy the test
 * can turn off: the pass raises an rpc_down alert and the Chains page shows the chain degraded;
 * an order paid meanwhile keeps waiting and expires as usual on the clock; once the node is back,
 * the payment (in a block timed before the expiry) is found and credited once, the alert is
 * resolved, and the books match the node.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { chainAlerts, fundRecords } from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { listOpsChains } from '../src/modules/ops/ops-chains.service';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const clock = createTestClock(new Date());

/** Forwards JSON-RPC to the node, or answers 503 while `down`. */
function startSwitchableProxy(target: string) {
  const state = { down: false };
  const server: Server = createServer(async (req, res) => {
    let body = '';
    for await (const chunk of req) body += chunk;
    if (state.down) {
      res.writeHead(503).end('node down');
      return;
    }
    const answer = await fetch(target, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
  });
  return new Promise<{ url: string; state: typeof state; close(): Promise<void> }>((resolve) => {
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as AddressInfo;
      resolve({
        url: `http://127.0.0.1:${port}`,
        state,
        close: () => new Promise((done) => server.close(() => done())),
      });
    });
  });
}

let anvil: Anvil;
let proxy: Awaited<ReturnType<typeof startSwitchableProxy>>;
let token: string;
let app: FastifyInstance;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployToken();
  proxy = await startSwitchableProxy(anvil.url);
  app = await buildTestApp({
    now: clock.now,
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_ETH: proxy.url,
      CHAIN_ID_ETH: '31337',
      TOKEN_USDT_ETH: token,
      CONFIRMATIONS_ETH: '2',
      SWEEP_MIN_ETH: '1000000',
      SWEEP_MIN_USDT: '1000000',
    },
  });
  await app.ready();
  await app.watcher.stop();
});
afterAll(async () => {
  if (app) await expectLedgerClean(app.db);
  await app?.close();
  await proxy?.close();
  await anvil?.stop();
});

const openAlerts = () =>
  app.db
    .select()
    .from(chainAlerts)
    .where(and(eq(chainAlerts.kind, 'rpc_down'), isNull(chainAlerts.resolvedAt)));

describe('a live chain whose node stops answering', () => {
  it('is degraded with an alert; its order expires as usual; nothing is lost when the node is back', async () => {
    await app.watcher.tick();
    const merchant = await createMerchant(app);
    const shop = await createTestApplication(app, merchant.id);
    const order = await createOrderOn({ db: app.db, now: app.now, chains: app.chains }, shop, {
      amount: '12',
      network: 'ETH',
      expiresIn: 120,
    });

    proxy.state.down = true;
    // Paid in time, on the node itself: the server cannot see it while its node is down.
    await anvil.tokenTransfer(token, order.payAddress ?? '', 12_000_000n);
    await anvil.mine(3);
    await expect(app.watcher.tick()).rejects.toThrow();
    expect(await openAlerts()).toMatchObject([{ chainId: 'ETH', key: 'node' }]);
    const degraded = (await listOpsChains({ db: app.db, chains: app.chains })).chains.find(
      (c) => c.chainId === 'ETH',
    );
    expect(degraded).toMatchObject({ state: 'degraded', reasonCode: 'node_down' });

    // Past its time, the order expires as any does.
    clock.advance(180_000);
    await app.watcher.tick().catch(() => undefined);
    expect((await getCollectionByNo(app.db, order.orderNo))?.status).toBe('expired');

    // The node is back: the payment, in a block timed before the expiry, is found and credited once.
    proxy.state.down = false;
    await app.watcher.tick();
    await anvil.mine(2);
    await app.watcher.tick();
    expect(await getCollectionByNo(app.db, order.orderNo)).toMatchObject({
      status: 'completed',
      exception: null,
    });
    expect(
      await app.db.select().from(fundRecords).where(eq(fundRecords.orderNo, order.orderNo)),
    ).toHaveLength(1);
    expect(await openAlerts()).toEqual([]);
    const eth = app.chains.get('ETH');
    if (!eth) throw new Error('ETH not enabled');
    const rows = await reconcileChain(app.db, eth);
    expect(rows.flatMap((row) => row.differences)).toEqual([]);
    expect(isClean(rows)).toBe(true);
  });
});
