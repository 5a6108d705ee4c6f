/**
 * SIGKILL around a send on a real EVM node (issue 32 §5.7): server.ts runs as a process in
 * CHAIN_MODE=live (started from source, as test/helpers/server-nodes.ts does), and reaches
 * anvil through a JSON-RPC proxy of this test (test/helpers/live-nodes.ts). No hook in the
 * product: the proxy decides what the node sees, and the process is killed for real.
 * - between signing and broadcast: the proxy refuses eth_sendRawTransaction, so the payout is
 *   signed and stored but never reaches the node; the process is SIGKILLed; the database holds
 *   the signed send, never broadcast, and the node has nothing. Restarted (the proxy forwarding),
 *   the stored bytes are broadcast and land once.
 * - between broadcast and recording: the proxy forwards the raw transaction, and as soon as the
 *   node has answered, SIGKILLs the process and never replies. Restarted, the send is recognised
 *   by its stored hash (the same bytes) and lands once.
 * The shop is paid by a real token payment, the hot wallet funded by real transfers; payouts are
 * made through the signed API (auto-approved). Each ends with the hot wallet's nonce used by
 * exactly one mined transaction, the payout completed once, the payee paid once; then the
 * platform books match the node (chain:reconcile) and the ledger verifies.
 * Runs on PGlite (the process's embedded database under DATA_DIR, opened by the test only while
 * no process runs) and on PostgreSQL (a fresh database).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainAdapter, HOT_WALLET } from '../src/chains/chain-adapter';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from '../src/db/client';
import { chainSends, chainSendTxs, fundRecords, orders, withdrawals } from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import {
  type ApiShop,
  callApi,
  minedFrom,
  pendingHashes,
  type RpcProxy,
  startRpcProxy,
  waitFor,
} from './helpers/live-nodes';
import { type ServerNode, startServerNode, stopServerNode } from './helpers/server-nodes';
import { createApiApplication } from './helpers/signed-api';
import { isPostgresRun } from './helpers/test-database';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 2;
/** A payee on the node: a plain address the platform does not own. */
const PAYEE = '0x000000000000000000000000000000000000bEEF';
const ADMIN_URL = process.env.TEST_DATABASE_URL;

let anvil: Anvil;
let proxy: RpcProxy;
let token: string;
let hot: string;
let shop: ApiShop;
let server: ServerNode | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-sigkill-'));
const databaseName = `tollgate_sigkill_${process.pid}_${randomBytes(4).toString('hex')}`;
let databaseUrl: string | undefined;

async function admin(sql: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** The processes' database, opened in this test (on PGlite only while no process runs). */
const openDatabase = (): Promise<DatabaseHandle> =>
  databaseUrl ? createPostgresDatabase(databaseUrl) : createPgliteDatabase(join(dataDir, 'pglite'));

const chainEnv = (rpcUrl: string) => ({
  CHAIN_MODE: 'live',
  WALLET_MNEMONIC: MNEMONIC,
  RPC_URL_ETH: rpcUrl,
  CHAIN_ID_ETH: '31337',
  TOKEN_USDT_ETH: token,
  CONFIRMATIONS_ETH: String(CONFIRMATIONS),
  // A short lease: the restarted process takes the chain over from the killed one quickly.
  WATCHER_LEASE_MS: '1500',
  // Nothing is swept: no send of the platform's own moves the chain under the test.
  SWEEP_MIN_USDT: '1000000',
  SWEEP_MIN_ETH: '1000',
});

/** An app of this test on the processes' database (its loops stopped), talking to anvil directly. */
async function openApp(): Promise<FastifyInstance> {
  const app = await buildTestApp({ database: await openDatabase(), env: chainEnv(anvil.url) });
  await app.ready();
  await app.watcher.stop();
  await app.jobs.stop();
  return app;
}
const ethOf = (app: FastifyInstance): ChainAdapter => {
  const adapter = app.chains.get('ETH');
  if (!adapter) throw new Error('ETH not enabled');
  return adapter;
};

function startServer(): Promise<ServerNode> {
  return startServerNode({
    ...chainEnv(proxy.url),
    SECRET_KEY: TEST_SECRET_KEY,
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: join(dataDir, 'no-web'),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
}

/** SIGKILL: no close, no lease given up, nothing flushed by the process. */
async function kill(node: ServerNode): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => node.child.once('exit', () => resolve()));
  node.child.kill('SIGKILL');
  await exited;
}

const payoutOf = async (merchantOrderNo: string) => {
  const answer = await callApi(
    server?.base ?? '',
    shop,
    'GET',
    `/api/v1/payouts?merchantOrderNo=${merchantOrderNo}`,
  );
  return answer.code === 0 ? answer.data : undefined;
};

/** Mines a block at a time until the payout is completed (the process's watcher confirms it). */
async function untilCompleted(merchantOrderNo: string) {
  return waitFor(`payout ${merchantOrderNo} completed`, async () => {
    const payout = await payoutOf(merchantOrderNo);
    if (payout?.status === 'completed') return payout;
    if (payout?.txHash && (await anvil.receipt(payout.txHash))) await anvil.mine(1);
    return undefined;
  });
}

/** The send of a payout and its stored transactions, read from the database (no process running on PGlite). */
async function storedSend(merchantOrderNo: string) {
  const app = await openApp();
  try {
    const [order] = await app.db.select().from(orders).where(eq(orders.merchantOrderNo, merchantOrderNo));
    const [withdrawal] = await app.db
      .select()
      .from(withdrawals)
      .where(eq(withdrawals.orderId, order?.id ?? 0));
    const [send] = await app.db
      .select()
      .from(chainSends)
      .where(and(eq(chainSends.kind, 'withdrawal'), eq(chainSends.ref, withdrawal?.withdrawalNo ?? '')));
    const txs = send
      ? await app.db
          .select()
          .from(chainSendTxs)
          .where(eq(chainSendTxs.sendId, send.id))
          .orderBy(asc(chainSendTxs.id))
      : [];
    return { withdrawal, send, txs };
  } finally {
    await app.close();
  }
}

const usdtOf = async (address: string) => {
  const data = (await anvil.rpc<string>('eth_call', [
    { to: token, data: `0x70a08231${address.slice(2).toLowerCase().padStart(64, '0')}` },
    'latest',
  ])) as `0x${string}`;
  return BigInt(data);
};

beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployToken();
  proxy = await startRpcProxy(anvil.url);
  if (isPostgresRun()) {
    if (!ADMIN_URL) throw new Error('the postgres project needs TEST_DATABASE_URL');
    await admin(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // The shop: a merchant who auto-approves payouts, an API application, and an order it is
  // paid through on the node; the cursor set at the head before the payment.
  const app = await openApp();
  let orderAddress: string;
  let orderNo: string;
  try {
    const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
    const credentials = await createApiApplication(app, { merchantId: merchant.id });
    shop = credentials;
    const order = await createOrderOn({ db: app.db, now: app.now, chains: app.chains }, credentials, {
      amount: '50',
      network: 'ETH',
      expiresIn: 172_800,
    });
    orderAddress = order.payAddress ?? '';
    orderNo = order.orderNo;
    hot = ethOf(app).deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
    await app.watcher.tick();
  } finally {
    await app.close();
  }
  server = await startServer();
  // Paid for real; the hot wallet funded for real (gas and USDT), booked as operator funding.
  await anvil.tokenTransfer(token, orderAddress, parseUnits('50', 6));
  await anvil.waitMined(await anvil.send({ to: hot, value: parseEther('1') }));
  await anvil.tokenTransfer(token, hot, parseUnits('100', 6));
  await anvil.mine(CONFIRMATIONS);
  await waitFor('the payment credited', async () => {
    const answer = await callApi(server?.base ?? '', shop, 'GET', `/api/v1/collections/${orderNo}`);
    return answer.data?.status === 'completed';
  });
}, 180_000);

afterAll(async () => {
  if (server) await stopServerNode(server);
  await proxy?.close();
  await anvil?.stop();
  if (databaseUrl) await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('SIGKILL around a send, on a live EVM node', { timeout: 180_000 }, () => {
  it('between signing and broadcast: stored, never on the node; after the restart it lands once', async () => {
    const node = server as ServerNode;
    const nonceBefore = (await minedFrom(anvil, hot)).length;
    proxy.mode = { kind: 'refuse' };
    const made = await callApi(node.base, shop, 'POST', '/api/v1/payouts', {
      merchantOrderNo: 'kill-a',
      currency: 'USDT',
      network: 'ETH',
      address: PAYEE,
      amount: '12',
    });
    expect(made).toMatchObject({ code: 0, data: { status: 'processing', txHash: null } });
    expect(proxy.raws.map((seen) => seen.done)).toContain('refused');
    await kill(node);
    server = undefined;

    // Signed and stored, never broadcast; the node has nothing of it.
    const stored = await storedSend('kill-a');
    expect(stored.withdrawal).toMatchObject({ status: 'sending', txHash: null });
    expect(stored.send).toMatchObject({ status: 'pending', nonce: nonceBefore, fromAddress: hot });
    expect(stored.txs).toHaveLength(1);
    const [signed] = stored.txs;
    if (!signed) throw new Error('not stored');
    expect(signed.broadcastAt).toBeNull();
    expect(proxy.raws.every((seen) => seen.raw === signed.raw)).toBe(true);
    expect(await anvil.rpc('eth_getTransactionByHash', [signed.txHash])).toBeNull();
    expect(await pendingHashes(anvil)).toEqual([]);
    expect(await anvil.rpc('eth_getTransactionCount', [hot, 'pending'])).toBe(
      `0x${nonceBefore.toString(16)}`,
    );

    // Restarted, the node reachable: the stored bytes are broadcast, and land once.
    proxy.mode = { kind: 'forward' };
    server = await startServer();
    const done = await untilCompleted('kill-a');
    expect(done).toMatchObject({ status: 'completed', txHash: signed.txHash, amount: '12' });
    expect(await minedFrom(anvil, hot)).toHaveLength(nonceBefore + 1);
    expect((await minedFrom(anvil, hot)).at(-1)).toEqual({ nonce: nonceBefore, hash: signed.txHash });
    expect(proxy.raws.filter((seen) => seen.done === 'forwarded').map((seen) => seen.raw)).toContain(
      signed.raw,
    );
    expect(await usdtOf(PAYEE)).toBe(parseUnits('12', 6));
  });

  it('between broadcast and recording: the node has it, the process dies; after the restart it is recognised and lands once', async () => {
    const node = server as ServerNode;
    const nonceBefore = (await minedFrom(anvil, hot)).length;
    let killed: Promise<void> | undefined;
    proxy.mode = {
      kind: 'answer-then',
      onAnswered: () => {
        killed = kill(node);
        return killed;
      },
    };
    // The process dies inside this call: no answer.
    const made = await callApi(node.base, shop, 'POST', '/api/v1/payouts', {
      merchantOrderNo: 'kill-b',
      currency: 'USDT',
      network: 'ETH',
      address: PAYEE,
      amount: '15',
    }).catch((error: Error) => error);
    expect(made).toBeInstanceOf(Error);
    await killed;
    expect(node.child.signalCode).toBe('SIGKILL');
    server = undefined;
    const [sent] = proxy.raws.filter((seen) => seen.done === 'answered-unreplied');
    if (!sent) throw new Error('no raw transaction reached the node');

    // Stored, its broadcast never recorded; the node has it (mined: anvil mines at once).
    const stored = await storedSend('kill-b');
    expect(stored.withdrawal).toMatchObject({ status: 'sending', txHash: null });
    expect(stored.send).toMatchObject({ status: 'pending', nonce: nonceBefore });
    expect(stored.txs).toHaveLength(1);
    const [signed] = stored.txs;
    if (!signed) throw new Error('not stored');
    expect(signed.broadcastAt).toBeNull();
    expect(signed.raw).toBe(sent.raw);
    await anvil.waitMined(signed.txHash);

    // Restarted: recognised by its hash, not sent again, completed once.
    proxy.mode = { kind: 'forward' };
    server = await startServer();
    const done = await untilCompleted('kill-b');
    expect(done).toMatchObject({ status: 'completed', txHash: signed.txHash, amount: '15' });
    const mined = await minedFrom(anvil, hot);
    expect(mined).toHaveLength(nonceBefore + 1);
    expect(mined.at(-1)).toEqual({ nonce: nonceBefore, hash: signed.txHash });
    expect(new Set(mined.map((tx) => tx.nonce)).size).toBe(mined.length);
    expect(await usdtOf(PAYEE)).toBe(parseUnits('27', 6));
    expect(await pendingHashes(anvil)).toEqual([]);

    // Stopped cleanly; everything looked at on the database.
    await stopServerNode(server);
    server = undefined;
    const app = await openApp();
    try {
      await app.watcher.tick(); // caught up to the head (the lease was given up)
      const all = await app.db.select().from(withdrawals).orderBy(asc(withdrawals.id));
      expect(all.map((w) => [w.status, w.txHash])).toEqual([
        ['completed', mined.at(-2)?.hash],
        ['completed', signed.txHash],
      ]);
      const sends = await app.db.select().from(chainSends).orderBy(asc(chainSends.id));
      expect(sends.map((s) => [s.status, s.nonce])).toEqual([
        ['confirmed', mined.at(-2)?.nonce],
        ['confirmed', nonceBefore],
      ]);
      expect(await app.db.select().from(chainSendTxs)).toHaveLength(2);
      // One collection credited, each payout once in the fund flow.
      const records = await app.db.select().from(fundRecords).orderBy(asc(fundRecords.id));
      expect(records.filter((r) => r.type === 'collection')).toHaveLength(1);
      const rows = await reconcileChain(app.db, ethOf(app));
      expect(rows.flatMap((row) => row.differences)).toEqual([]);
      expect(isClean(rows)).toBe(true);
      await expectLedgerClean(app.db);
      await expectReportStatsExact(app.db);
    } finally {
      await app.close();
    }
  });
});
