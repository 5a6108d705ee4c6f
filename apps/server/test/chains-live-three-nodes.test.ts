/**
 * Three server nodes on one PostgreSQL database and one real EVM node (issue 32 §5.10):
 * server.ts as three processes (started from source, test/helpers/server-nodes.ts), in
 * CHAIN_MODE=live against anvil, each through its own forwarding JSON-RPC proxy, so the test
 * sees which node talks to the chain (only the holder of the chain's scan lease reads logs).
 * - exactly one node scans the chain at a time: chain_leases holds one holder, and only that
 *   node's proxy sees eth_getLogs while it holds it;
 * - orders paid in the token and the native coin are each credited once;
 * - payouts made at the same moment through the three nodes, and more after, are each sent
 *   once: no nonce taken twice (chain_sends, chain_nonces), and on the node every nonce of the
 *   hot wallet is used by exactly one mined transaction;
 * - the lease holder SIGKILLed: another node takes the chain over once the lease has run out
 *   (WATCHER_LEASE_MS, short here), and nothing is lost: a payment made while no node scanned is
 *   credited once, and a payout after completes once;
 * - the books match the node (chain:reconcile) and the ledger verifies.
 * PostgreSQL only: PGlite is one process's database, and three processes cannot share it.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { money } from '@tollgate/contracts/money';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainAdapter, HOT_WALLET } from '../src/chains/chain-adapter';
import { createPostgresDatabase, type DatabaseHandle } from '../src/db/client';
import {
  chainLeases,
  chainNonces,
  chainSends,
  chainSendTxs,
  chainTransfers,
  fundRecords,
  orders,
  withdrawals,
} from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { leaseName } from '../src/modules/watcher/chain-lease';
import { livePollMs } from '../src/modules/watcher/start-watcher';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import {
  callApi,
  minedFrom,
  pendingHashes,
  type RpcProxy,
  startRpcProxy,
  waitFor,
} from './helpers/live-nodes';
import { type ServerNode, startServerNode, stopServerNode } from './helpers/server-nodes';
import { type ApiCredentials, createApiApplication } from './helpers/signed-api';
import { isPostgresRun } from './helpers/test-database';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 2;
/** Short, for the test; a pass every third of it (livePollMs), so a busy machine never lets it lapse between the holder's passes. */
const LEASE_MS = 4500;
const PAYEE = '0x000000000000000000000000000000000000bEEF';
const ADMIN_URL = process.env.TEST_DATABASE_URL;

interface Node {
  server: ServerNode;
  proxy: RpcProxy;
  alive: boolean;
}

let anvil: Anvil;
let token: string;
let hot: string;
let shop: ApiCredentials;
let handle: DatabaseHandle;
let nodes: Node[] = [];
const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-three-'));
const databaseName = `tollgate_three_${process.pid}_${randomBytes(4).toString('hex')}`;
let databaseUrl = '';

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

const chainEnv = (rpcUrl: string) => ({
  CHAIN_MODE: 'live',
  WALLET_MNEMONIC: MNEMONIC,
  RPC_URL_ETH: rpcUrl,
  CHAIN_ID_ETH: '31337',
  TOKEN_USDT_ETH: token,
  CONFIRMATIONS_ETH: String(CONFIRMATIONS),
  WATCHER_LEASE_MS: String(LEASE_MS),
  // Nothing is swept: no send of the platform's own moves the chain under the test.
  SWEEP_MIN_USDT: '1000000',
  SWEEP_MIN_ETH: '1000',
});

async function startNode(): Promise<Node> {
  const proxy = await startRpcProxy(anvil.url);
  const server = await startServerNode({
    ...chainEnv(proxy.url),
    DATABASE_URL: databaseUrl,
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
  });
  return { server, proxy, alive: true };
}

const leaseRows = () =>
  handle.db
    .select()
    .from(chainLeases)
    .where(eq(chainLeases.name, leaseName('ETH')));
const logsSeen = (node: Node) => node.proxy.calls.get('eth_getLogs')?.count ?? 0;

/**
 * The node scanning now: a block mined, then the one whose proxy sees eth_getLogs for it; over
 * several of its passes no other node reads logs, and the lease's holder does not change.
 */
async function scanner(among: Node[] = nodes): Promise<{ node: Node; holder: string }> {
  const before = among.map(logsSeen);
  await anvil.mine(1);
  const node = await waitFor('a node reading logs', async () => {
    const reading = among.filter((n, i) => logsSeen(n) > (before[i] ?? 0));
    return reading.length > 0 ? reading : undefined;
  });
  expect(node).toHaveLength(1);
  const only = node[0] as Node;
  const rows = await leaseRows();
  expect(rows).toHaveLength(1);
  const holder = rows[0]?.holder ?? '';
  // Three more passes of it: still the only one reading logs, the same holder.
  const after = among.map(logsSeen);
  const start = logsSeen(only);
  for (let pass = 0; pass < 3; pass += 1) {
    await anvil.mine(1);
    const seen = logsSeen(only);
    await waitFor('the scanner passing again', async () => logsSeen(only) > seen, 20_000);
  }
  expect(logsSeen(only)).toBeGreaterThan(start);
  among.forEach((n, i) => {
    if (n !== only) expect(logsSeen(n)).toBe(after[i]);
  });
  expect((await leaseRows()).map((row) => row.holder)).toEqual([holder]);
  return { node: only, holder };
}

const orderStatus = async (orderNo: string) => {
  const [row] = await handle.db.select().from(orders).where(eq(orders.orderNo, orderNo));
  return row?.status;
};

const payout = (node: Node, merchantOrderNo: string, amount: string) =>
  callApi(node.server.base, shop, 'POST', '/api/v1/payouts', {
    merchantOrderNo,
    currency: 'USDT',
    network: 'ETH',
    address: PAYEE,
    amount,
  });

/** Mines a block at a time until every payout is completed (the scanning node confirms them). */
async function untilPayoutsCompleted(count: number) {
  await waitFor(
    `${count} payouts completed`,
    async () => {
      const rows = await handle.db.select().from(withdrawals);
      if (rows.length === count && rows.every((row) => row.status === 'completed')) return true;
      await anvil.mine(1);
      return undefined;
    },
    90_000,
  );
}

describe.runIf(isPostgresRun() && ADMIN_URL)(
  'three server nodes on one PostgreSQL and one live EVM node (PostgreSQL only: PGlite is one process’s database)',
  { timeout: 240_000 },
  () => {
    let paidOrders: { orderNo: string; amount: string; payAddress: string; currency: string }[] = [];
    let lateOrder: { orderNo: string; payAddress: string | null; amount: string };

    beforeAll(async () => {
      anvil = await startAnvil();
      token = await anvil.deployToken();
      await admin(`CREATE DATABASE "${databaseName}"`);
      const url = new URL(ADMIN_URL ?? '');
      url.pathname = `/${databaseName}`;
      databaseUrl = url.toString();
      handle = await createPostgresDatabase(databaseUrl);
      // The shop and its orders, made before the nodes start; the cursor at the head.
      const app = await buildTestApp({
        database: { ...handle, close: async () => {} },
        env: chainEnv(anvil.url),
      });
      await app.ready();
      await app.watcher.stop();
      await app.jobs.stop();
      try {
        const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
        shop = await createApiApplication(app, { merchantId: merchant.id });
        const deps = { db: app.db, now: app.now, chains: app.chains };
        const made = [];
        for (const amount of ['40', '41', '42', '43']) {
          made.push(await createOrderOn(deps, shop, { amount, network: 'ETH', expiresIn: 172_800 }));
        }
        made.push(
          await createOrderOn(deps, shop, {
            amount: '0.03',
            network: 'ETH',
            currency: 'ETH',
            expiresIn: 172_800,
          }),
        );
        const late = await createOrderOn(deps, shop, { amount: '44', network: 'ETH', expiresIn: 172_800 });
        lateOrder = { orderNo: late.orderNo, payAddress: late.payAddress, amount: late.amount };
        paidOrders = made.map((order) => ({
          orderNo: order.orderNo,
          amount: money(order.amount).toFixed(),
          payAddress: order.payAddress ?? '',
          currency: order.currency,
        }));
        const eth = app.chains.get('ETH') as ChainAdapter;
        hot = eth.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
        await app.watcher.tick();
      } finally {
        await app.close();
      }
      // All three at once.
      nodes = await Promise.all([startNode(), startNode(), startNode()]);
    }, 240_000);

    afterAll(async () => {
      for (const node of nodes) {
        if (node.alive) await stopServerNode(node.server);
        await node.proxy.close();
      }
      await handle?.close();
      await anvil?.stop();
      await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
      rmSync(dataDir, { recursive: true, force: true });
    }, 60_000);

    it('one scanner, every payment credited once, payouts through every node each sent once at its own nonce', async () => {
      expect(livePollMs(LEASE_MS)).toBe(LEASE_MS / 3);
      await scanner();

      // The operator funds the hot wallet; the orders are paid (token and native).
      await anvil.waitMined(await anvil.send({ to: hot, value: parseEther('1') }));
      await anvil.tokenTransfer(token, hot, parseUnits('300', 6));
      for (const order of paidOrders) {
        if (order.currency === 'ETH') {
          await anvil.waitMined(await anvil.send({ to: order.payAddress, value: parseEther(order.amount) }));
        } else {
          await anvil.tokenTransfer(token, order.payAddress, parseUnits(order.amount, 6));
        }
      }
      await anvil.mine(CONFIRMATIONS);
      await waitFor('every order completed', async () => {
        for (const order of paidOrders) if ((await orderStatus(order.orderNo)) !== 'completed') return false;
        return true;
      });

      // Three payouts at the same moment, one through each node; then two more.
      const first = await Promise.all(nodes.map((node, i) => payout(node, `three-${i}`, String(10 + i))));
      expect(first.map((answer) => answer.code)).toEqual([0, 0, 0]);
      expect((await payout(nodes[1] as Node, 'three-3', '13')).code).toBe(0);
      expect((await payout(nodes[2] as Node, 'three-4', '14')).code).toBe(0);
      await untilPayoutsCompleted(5);

      // No nonce twice, in the database or on the chain; each payout sent once.
      const sends = await handle.db.select().from(chainSends).orderBy(asc(chainSends.nonce));
      expect(sends.map((send) => send.nonce)).toEqual([0, 1, 2, 3, 4]);
      expect(sends.every((send) => send.status === 'confirmed')).toBe(true);
      expect(new Set(sends.map((send) => send.ref)).size).toBe(5);
      expect(await handle.db.select().from(chainSendTxs)).toHaveLength(5);
      const [nonceRow] = await handle.db
        .select()
        .from(chainNonces)
        .where(and(eq(chainNonces.chainId, 'ETH'), eq(chainNonces.address, hot)));
      expect(nonceRow?.nextNonce).toBe(5);
      const mined = await minedFrom(anvil, hot);
      expect(mined.map((tx) => tx.nonce)).toEqual([0, 1, 2, 3, 4]);
      expect(mined.map((tx) => tx.hash)).toEqual(sends.map((send) => send.minedTxHash));
      // Each payment credited once.
      const collections = await handle.db
        .select()
        .from(fundRecords)
        .where(eq(fundRecords.type, 'collection'));
      expect(collections.map((record) => record.orderNo).sort()).toEqual(
        paidOrders.map((order) => order.orderNo).sort(),
      );
      const transfers = await handle.db.select().from(chainTransfers);
      // Each order's payment recorded and credited once; the operator's two fundings booked as such.
      const toOrders = transfers.filter((transfer) => transfer.orderId !== null);
      expect(toOrders.map((transfer) => transfer.status)).toEqual(paidOrders.map(() => 'credited'));
      expect(new Set(toOrders.map((transfer) => transfer.orderId)).size).toBe(paidOrders.length);
      expect(
        transfers.filter((transfer) => transfer.orderId === null).map((transfer) => transfer.status),
      ).toEqual(['funding', 'funding']);
    });

    it('the lease holder killed: another node takes the chain over once its lease ends, and nothing is lost', async () => {
      const { node: holderNode, holder } = await scanner();
      const [lease] = await leaseRows();
      const killedAt = Date.now();
      const exited = new Promise<void>((resolve) => holderNode.server.child.once('exit', () => resolve()));
      holderNode.server.child.kill('SIGKILL');
      await exited;
      holderNode.alive = false;
      // Paid while no node scans.
      await anvil.tokenTransfer(token, lateOrder.payAddress ?? '', parseUnits(lateOrder.amount, 6));

      const taken = await waitFor('another node holding the lease', async () => {
        const [row] = await leaseRows();
        return row && row.holder !== holder ? row : undefined;
      });
      const takenAt = Date.now();
      // Not before the dead node's lease ran out, and soon after (each node passes every third of
      // the lease): under two leases from the kill.
      expect(taken.holder).not.toBe(holder);
      expect(takenAt).toBeGreaterThanOrEqual((lease?.expiresAt.getTime() ?? 0) - 50);
      expect(takenAt - killedAt).toBeLessThan(2 * LEASE_MS);
      const living = nodes.filter((node) => node.alive);
      const next = await scanner(living);
      expect(next.holder).toBe(taken.holder);
      expect(next.node).not.toBe(holderNode);

      // Nothing lost: the payment made meanwhile is credited once; a payout completes once.
      await anvil.mine(CONFIRMATIONS);
      await waitFor(
        'the late order completed',
        async () => (await orderStatus(lateOrder.orderNo)) === 'completed',
      );
      expect((await payout(living[0] as Node, 'three-5', '15')).code).toBe(0);
      await untilPayoutsCompleted(6);
      const mined = await minedFrom(anvil, hot);
      expect(mined.map((tx) => tx.nonce)).toEqual([0, 1, 2, 3, 4, 5]);
      expect(await pendingHashes(anvil)).toEqual([]);
      const payeeUsdt = BigInt(
        await anvil.rpc<string>('eth_call', [
          { to: token, data: `0x70a08231${PAYEE.slice(2).toLowerCase().padStart(64, '0')}` },
          'latest',
        ]),
      );
      expect(payeeUsdt).toBe(parseUnits('75', 6)); // 10 + 11 + 12 + 13 + 14 + 15
      const collections = await handle.db
        .select()
        .from(fundRecords)
        .where(eq(fundRecords.type, 'collection'));
      expect(collections).toHaveLength(paidOrders.length + 1);
      expect(collections.filter((record) => record.orderNo === lateOrder.orderNo)).toHaveLength(1);
      const [late] = await handle.db.select().from(orders).where(eq(orders.orderNo, lateOrder.orderNo));
      expect(money(late?.paidAmount ?? '0').toFixed()).toBe('44');

      // Every node stopped; the books and the ledger looked at on the database.
      for (const node of living) {
        expect(await stopServerNode(node.server)).toBe(0);
        node.alive = false;
      }
      const app: FastifyInstance = await buildTestApp({
        database: { ...handle, close: async () => {} },
        env: chainEnv(anvil.url),
      });
      await app.ready();
      await app.watcher.stop();
      await app.jobs.stop();
      try {
        // The dead node's lease was taken over and the living gave theirs up: this one scans.
        await app.watcher.tick();
        const rows = await reconcileChain(app.db, app.chains.get('ETH') as ChainAdapter);
        expect(rows.flatMap((row) => row.differences)).toEqual([]);
        expect(isClean(rows)).toBe(true);
        await expectLedgerClean(app.db);
        await expectReportStatsExact(app.db);
      } finally {
        await app.close();
      }
    });
  },
);
