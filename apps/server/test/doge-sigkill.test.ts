/**
 * SIGKILL between signing and broadcast on a real Bitcoin-family node (issue 33 §7): server.ts
 * runs as a process in CHAIN_MODE=live (test/helpers/server-nodes.ts) with RPC_URL_DOGE pointing
 * at a JSON-RPC proxy of this test (test/helpers/live-nodes.ts, Bitcoin dialect: the node's basic
 * auth passed through) in front of litecoind -regtest. No hook in the product: the proxy refuses
 * `sendrawtransaction`, so the payout is signed and stored but never reaches the node; the
 * process is SIGKILLed; the database holds the signed send, its inputs locked, never broadcast,
 * and the node has nothing of it (the inputs still unspent). Restarted with the proxy
 * forwarding, the stored bytes are broadcast and land once: exactly one transaction on the node
 * spends those inputs, the payee is paid once, the payout completed once; then the platform
 * books match the node (chain:reconcile) and the ledger verifies.
 * Then between broadcast and recording: the proxy forwards the raw transaction and, once the node
 * has answered, SIGKILLs the process and never replies; restarted, the send is recognised by its
 * stored bytes (the node already has them) and lands once.
 * The hot wallet is funded for real (the node's wallet pays it), the payout made through the
 * signed API (auto-approved). Runs on PGlite (the process's embedded database under DATA_DIR,
 * opened by the test only while no process runs) and on PostgreSQL (a fresh database).
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainAdapter, HOT_WALLET } from '../src/chains/chain-adapter';
import { int } from '../src/chains/doge/doge-rpc';
import { createPgliteDatabase, createPostgresDatabase, type DatabaseHandle } from '../src/db/client';
import { chainSends, chainSendTxs, chainUtxos, merchants, orders, withdrawals } from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { unspentOf } from '../src/modules/chain-sends/utxos.repository';
import { buildTestApp, TEST_SECRET_KEY } from './helpers/build-test-app';
import { setBalance } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { type Litecoind, startLitecoind } from './helpers/litecoind';
import { type ApiShop, callApi, type RpcProxy, startRpcProxy, waitFor } from './helpers/live-nodes';
import { type ServerNode, startServerNode, stopServerNode } from './helpers/server-nodes';
import { createApiApplication } from './helpers/signed-api';
import { isPostgresRun } from './helpers/test-database';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 2;
const ADMIN_URL = process.env.TEST_DATABASE_URL;

let node: Litecoind;
let proxy: RpcProxy;
let hot: string;
let shop: ApiShop;
let fundedAt: number;
let server: ServerNode | undefined;
const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-doge-sigkill-'));
const databaseName = `tollgate_doge_sigkill_${process.pid}_${randomBytes(4).toString('hex')}`;
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
  RPC_URL_DOGE: rpcUrl,
  DOGE_NETWORK: 'regtest',
  CONFIRMATIONS_DOGE: String(CONFIRMATIONS),
  // A short lease: the restarted process takes the chain over from the killed one quickly.
  WATCHER_LEASE_MS: '1500',
  // Nothing is swept: no send of the platform's own moves the chain under the test.
  SWEEP_MIN_DOGE: '100000000',
});

/** An app of this test on the processes' database (its loops stopped), talking to the node directly. */
async function openApp(): Promise<FastifyInstance> {
  const app = await buildTestApp({ database: await openDatabase(), env: chainEnv(node.url) });
  await app.ready();
  await app.watcher.stop();
  await app.jobs.stop();
  return app;
}
const dogeOf = (app: FastifyInstance): ChainAdapter => {
  const adapter = app.chains.get('DOGE');
  if (!adapter) throw new Error('DOGE not enabled');
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
async function kill(running: ServerNode): Promise<void> {
  if (running.child.exitCode !== null || running.child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => running.child.once('exit', () => resolve()));
  running.child.kill('SIGKILL');
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

/** Whether the node knows the transaction (in its mempool or in a block). */
const known = (txid: string) =>
  node.rpc.call('getrawtransaction', [txid, true]).then(
    () => true,
    () => false,
  );

/** Mines a block at a time while the payout's transaction is on the node, until the process's watcher completes it. */
async function untilCompleted(merchantOrderNo: string) {
  return waitFor(`payout ${merchantOrderNo} completed`, async () => {
    const payout = await payoutOf(merchantOrderNo);
    if (payout?.status === 'completed') return payout;
    if (payout?.txHash && (await known(payout.txHash))) await node.mine(1);
    return undefined;
  });
}

/** The send of a payout, its stored transactions and its locked outputs, read from the database. */
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
    const locked = send
      ? await app.db
          .select()
          .from(chainUtxos)
          .where(eq(chainUtxos.spentBySendId, send.id))
          .orderBy(asc(chainUtxos.txid), asc(chainUtxos.vout))
      : [];
    return { withdrawal, send, txs, locked };
  } finally {
    await app.close();
  }
}

interface NodeTx {
  txid: string;
  vin: { txid?: string; vout?: unknown }[];
}

/** Every transaction on the node's chain above `from` and in its mempool that spends one of `outpoints`. */
async function spendersOf(outpoints: readonly string[], from: number): Promise<string[]> {
  const wanted = new Set(outpoints);
  const txids = [...(await node.mempool())];
  for (let height = from + 1; height <= (await node.head()); height += 1) {
    const block = await node.rpc.call<{ tx: string[] }>('getblock', [await node.blockHash(height), true]);
    txids.push(...block.tx);
  }
  const spenders: string[] = [];
  for (const txid of txids) {
    const tx = await node.rpc.call<NodeTx>('getrawtransaction', [txid, true]);
    if (tx.vin.some((input) => input.txid && wanted.has(`${input.txid}:${int(input.vout)}`))) {
      spenders.push(txid);
    }
  }
  return spenders;
}

beforeAll(async () => {
  node = await startLitecoind();
  proxy = await startRpcProxy(node.url, { dialect: 'bitcoin' });
  if (isPostgresRun()) {
    if (!ADMIN_URL) throw new Error('the postgres project needs TEST_DATABASE_URL');
    await admin(`CREATE DATABASE "${databaseName}"`);
    const url = new URL(ADMIN_URL);
    url.pathname = `/${databaseName}`;
    databaseUrl = url.toString();
  }
  // The shop: a merchant who auto-approves payouts and holds DOGE, and an API application; the
  // cursor placed at the head, then the hot wallet funded for real (booked as operator funding).
  const app = await openApp();
  try {
    const credentials = await createApiApplication(app);
    await app.db
      .update(merchants)
      .set({ autoApproveUsdt: '100000000' })
      .where(eq(merchants.id, credentials.merchantId));
    await setBalance(app, { merchantId: credentials.merchantId, coinName: 'DOGE', available: '10000' });
    shop = credentials;
    hot = dogeOf(app).deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
    await app.watcher.tick();
    await node.send(hot, '500');
    await node.mine(1);
    fundedAt = await node.head();
    await app.watcher.tick();
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 1, total: '500' });
  } finally {
    await app.close();
  }
  server = await startServer();
}, 180_000);

afterAll(async () => {
  if (server) await stopServerNode(server);
  await proxy?.close();
  await node?.stop();
  if (databaseUrl) await admin(`DROP DATABASE IF EXISTS "${databaseName}" WITH (FORCE)`);
  rmSync(dataDir, { recursive: true, force: true });
}, 60_000);

describe('SIGKILL between signing and broadcast, on litecoind -regtest', { timeout: 180_000 }, () => {
  it('stored, never on the node; after the restart the stored bytes land once', async () => {
    const running = server as ServerNode;
    const payee = await node.newAddress();
    proxy.mode = { kind: 'refuse' };
    const made = await callApi(running.base, shop, 'POST', '/api/v1/payouts', {
      merchantOrderNo: 'doge-kill',
      currency: 'DOGE',
      network: 'DOGE',
      address: payee,
      amount: '100',
    });
    expect(made).toMatchObject({ code: 0, data: { status: 'processing', txHash: null } });
    expect(proxy.raws.map((seen) => seen.done)).toContain('refused');
    await kill(running);
    server = undefined;

    // Signed and stored with its inputs locked, never broadcast; the node has nothing of it.
    const stored = await storedSend('doge-kill');
    expect(stored.withdrawal).toMatchObject({ status: 'sending', txHash: null });
    expect(stored.send).toMatchObject({ status: 'pending', nonce: null, fromAddress: hot, toAddress: payee });
    expect(stored.txs).toHaveLength(1);
    const [signed] = stored.txs;
    if (!signed) throw new Error('not stored');
    expect(signed.broadcastAt).toBeNull();
    const inputs = stored.locked.map((o) => `${o.txid}:${o.vout}`);
    expect(stored.locked.map((o) => o.address)).toEqual([hot]);
    expect(stored.send?.inputs).toEqual(stored.locked.map(({ txid, vout }) => ({ txid, vout })));
    expect(proxy.raws.length).toBeGreaterThan(0);
    expect(proxy.raws.every((seen) => seen.done === 'refused' && seen.raw === signed.raw)).toBe(true);
    expect(await known(signed.txHash)).toBe(false);
    expect(await node.mempool()).toEqual([]);
    for (const o of stored.locked) {
      expect(await node.rpc.call('gettxout', [o.txid, o.vout, true])).not.toBeNull();
    }

    // Restarted, the node reachable: the stored bytes are broadcast, and land once.
    proxy.mode = { kind: 'forward' };
    server = await startServer();
    const done = await untilCompleted('doge-kill');
    expect(done).toMatchObject({ status: 'completed', txHash: signed.txHash, amount: '100' });
    expect(proxy.raws.filter((seen) => seen.done === 'forwarded').map((seen) => seen.raw)).toContain(
      signed.raw,
    );
    expect(new Set(proxy.raws.map((seen) => seen.raw))).toEqual(new Set([signed.raw]));
    expect(await spendersOf(inputs, fundedAt)).toEqual([signed.txHash]);
    expect(await node.mempool()).toEqual([]);
    expect(await node.receivedBy(payee)).toBe('100.00000000');

    // Stopped cleanly; everything looked at on the database.
    await stopServerNode(server);
    server = undefined;
    const app = await openApp();
    try {
      await app.watcher.tick(); // caught up to the head (the lease was given up)
      const all = await app.db.select().from(withdrawals);
      expect(all.map((w) => [w.status, w.txHash])).toEqual([['completed', signed.txHash]]);
      const sends = await app.db.select().from(chainSends);
      expect(sends.map((s) => [s.status, s.minedTxHash])).toEqual([['confirmed', signed.txHash]]);
      expect(await app.db.select().from(chainSendTxs)).toHaveLength(1);
      // The change is back at the hot wallet: its one output.
      expect((await unspentOf(app.db, 'DOGE', hot)).count).toBe(1);
      const rows = await reconcileChain(app.db, dogeOf(app));
      expect(rows.flatMap((row) => row.differences)).toEqual([]);
      expect(isClean(rows)).toBe(true);
      await expectLedgerClean(app.db);
      await expectReportStatsExact(app.db);
    } finally {
      await app.close();
    }
  });

  it('between broadcast and recording: the node has it, the process dies; after the restart it is recognised and lands once', async () => {
    server = await startServer();
    const running = server;
    const payee = await node.newAddress();
    const before = proxy.raws.length;
    let killed: Promise<void> | undefined;
    proxy.mode = {
      kind: 'answer-then',
      onAnswered: () => {
        killed = kill(running);
        return killed;
      },
    };
    // The process dies inside this call: no answer.
    const made = await callApi(running.base, shop, 'POST', '/api/v1/payouts', {
      merchantOrderNo: 'doge-kill-b',
      currency: 'DOGE',
      network: 'DOGE',
      address: payee,
      amount: '150',
    }).catch((error: Error) => error);
    expect(made).toBeInstanceOf(Error);
    await killed;
    expect(running.child.signalCode).toBe('SIGKILL');
    server = undefined;
    const [sent] = proxy.raws.slice(before).filter((seen) => seen.done === 'answered-unreplied');
    if (!sent) throw new Error('no raw transaction reached the node');

    // Stored, its broadcast never recorded; the node has it, in its mempool.
    const stored = await storedSend('doge-kill-b');
    expect(stored.withdrawal).toMatchObject({ status: 'sending', txHash: null });
    expect(stored.send).toMatchObject({ status: 'pending', nonce: null });
    expect(stored.txs).toHaveLength(1);
    const [signed] = stored.txs;
    if (!signed) throw new Error('not stored');
    expect(signed.broadcastAt).toBeNull();
    expect(signed.raw).toBe(sent.raw);
    expect(await node.mempool()).toEqual([signed.txHash]);
    const inputs = stored.locked.map((o) => `${o.txid}:${o.vout}`);

    // Restarted: recognised by its hash (the same bytes), not sent anew, completed once.
    proxy.mode = { kind: 'forward' };
    server = await startServer();
    const done = await untilCompleted('doge-kill-b');
    expect(done).toMatchObject({ status: 'completed', txHash: signed.txHash, amount: '150' });
    expect(new Set(proxy.raws.slice(before).map((seen) => seen.raw))).toEqual(new Set([signed.raw]));
    expect(await spendersOf(inputs, fundedAt)).toEqual([signed.txHash]);
    expect(await node.mempool()).toEqual([]);
    expect(await node.receivedBy(payee)).toBe('150.00000000');

    await stopServerNode(server);
    server = undefined;
    const app = await openApp();
    try {
      await app.watcher.tick();
      const all = await app.db.select().from(withdrawals).orderBy(asc(withdrawals.id));
      expect(all.map((w) => w.status)).toEqual(['completed', 'completed']);
      expect(all[1]?.txHash).toBe(signed.txHash);
      const sends = await app.db.select().from(chainSends).orderBy(asc(chainSends.id));
      expect(sends.map((s) => s.status)).toEqual(['confirmed', 'confirmed']);
      expect(await app.db.select().from(chainSendTxs)).toHaveLength(2);
      expect((await unspentOf(app.db, 'DOGE', hot)).count).toBe(1);
      const rows = await reconcileChain(app.db, dogeOf(app));
      expect(rows.flatMap((row) => row.differences)).toEqual([]);
      expect(isClean(rows)).toBe(true);
      await expectLedgerClean(app.db);
      await expectReportStatsExact(app.db);
    } finally {
      await app.close();
    }
  });
});
