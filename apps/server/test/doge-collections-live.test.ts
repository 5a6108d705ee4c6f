/**
 * Collections on a real Bitcoin-family node (issue 33 scenarios 1–3): CHAIN_MODE=live with
 * RPC_URL_DOGE at `litecoind -regtest` (DOGE_NETWORK=regtest), the live Doge adapter, the
 * watcher driven pass by pass (its own interval stopped). The node's wallet pays the orders'
 * regtest P2PKH addresses with sendtoaddress.
 * 1. an order made through the signed merchant API, paid exactly: `confirming`, then
 *    `completed` after CONFIRMATIONS_DOGE blocks, with the shop's callback events;
 * 2. an underpaid order topped up by a second output to the same address (both count), an
 *    overpaid one (completed, exception `overpaid`, all of it credited less the fee), and one
 *    transaction paying two orders (two outputs of one txid, each its order's);
 * 3. the payment's block invalidated before the confirmations and a longer chain mined without
 *    it: nothing credited, the order `pending` again with collection.payment_reverted, its
 *    output no longer counted; mined back in (and, in a second order, its old block made the
 *    chain again with reconsiderblock), it is credited once. Deeper than the confirmations after
 *    the credit: `reorged`, a deep_reorg alert, no balance moves; mined again, not credited twice.
 * Each ends with chain:reconcile clean (the books against the node at the booked height); the
 * file ends with ledger:verify clean. The command `npm run chain:reconcile` itself reads DOGE on
 * a live node (it once left every live chain out and answered "0 pairs", clean).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { money } from '@tollgate/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HOT_WALLET } from '../src/chains/chain-adapter';
import { createPgliteDatabase } from '../src/db/client';
import {
  balances,
  callbackEvents,
  chainAlerts,
  chainTransfers,
  chainUtxos,
  fundRecords,
} from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { unspentOf } from '../src/modules/chain-sends/utxos.repository';
import { collectionFee, loadCollectionRate } from '../src/modules/ledger/collection-fee';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { type Litecoind, startLitecoind } from './helpers/litecoind';
import { createTestApplication } from './helpers/order-fixtures';
import { createApiApplication, getSigned, postSigned } from './helpers/signed-api';
import { isPostgresRun } from './helpers/test-database';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 3;

let node: Litecoind;
let app: FastifyInstance;
beforeAll(async () => {
  node = await startLitecoind();
  app = await buildTestApp({
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_DOGE: node.url,
      DOGE_NETWORK: 'regtest',
      CONFIRMATIONS_DOGE: String(CONFIRMATIONS),
    },
  });
  await app.ready();
  await app.watcher.stop();
  await app.watcher.tick(); // the cursor starts at the head
}, 120_000);
afterAll(async () => {
  if (app) await expectLedgerClean(app.db);
  await app?.close();
  await node?.stop();
});

const doge = () => {
  const adapter = app.chains.get('DOGE');
  if (!adapter) throw new Error('DOGE not enabled');
  return adapter;
};
/** Mines `blocks` blocks (holding the mempool), then one watcher pass. */
async function mineAndPass(blocks = 1) {
  await node.mine(blocks);
  return app.watcher.tick();
}
const reload = async (orderNo: string) => {
  const order = await getCollectionByNo(app.db, orderNo);
  if (!order) throw new Error('order vanished');
  return order;
};
const recordsOf = (orderNo: string) =>
  app.db.select().from(fundRecords).where(eq(fundRecords.orderNo, orderNo));
const eventsOf = async (orderId: number) =>
  (
    await app.db
      .select({ type: callbackEvents.type, body: callbackEvents.body })
      .from(callbackEvents)
      .where(eq(callbackEvents.orderId, orderId))
      .orderBy(asc(callbackEvents.seq))
  ).map((event) => ({ type: event.type, data: JSON.parse(event.body).data }));
const utxosAt = (address: string) =>
  app.db
    .select()
    .from(chainUtxos)
    .where(and(eq(chainUtxos.chainId, 'DOGE'), eq(chainUtxos.address, address)));
const expectBooksMatchNode = async () => {
  const rows = await reconcileChain(app.db, doge());
  expect(rows.flatMap((row) => row.differences)).toEqual([]);
  expect(isClean(rows)).toBe(true);
  return rows;
};
/** A DOGE order of a new merchant's shop, through the order service (as the API makes it). */
async function newOrder(amount: string) {
  const merchant = await createMerchant(app);
  const shop = await createTestApplication(app, merchant.id);
  const order = await createOrderOn({ db: app.db, now: app.now, chains: app.chains }, shop, {
    amount,
    network: 'DOGE',
    currency: 'DOGE',
  });
  expect(order.payAddress).toMatch(/^[mn][1-9A-HJ-NP-Za-km-z]{25,34}$/);
  return order;
}
/** The fee and credit of a DOGE collection of `paid`: the rate table's rate, rounded to 8 decimals. */
const feeOf = async (paid: string) => {
  const { fee, credit } = collectionFee(await loadCollectionRate(app.db, 'DOGE', 'DOGE'), paid);
  expect(money(fee).decimalPlaces()).toBeLessThanOrEqual(8);
  return { fee: money(fee).toFixed(18), credit: money(credit) };
};

describe('a DOGE collection on litecoind -regtest', () => {
  it('1. an order made through the merchant API, paid from the node’s wallet, confirms and completes with the exact amount', async () => {
    const shop = await createApiApplication(app);
    const created = await postSigned(app, shop, '/api/v1/collections', {
      merchantOrderNo: `doge-1-${Date.now()}`,
      currency: 'DOGE',
      network: 'DOGE',
      amount: '12.34567891',
      callbackUrl: 'https://shop.example.com/notify',
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    const order = created.body.data as { orderNo: string; payAddress: string; amount: string };
    expect(order).toMatchObject({
      currency: 'DOGE',
      network: 'DOGE',
      amount: '12.34567891',
      status: 'pending',
    });
    // A regtest P2PKH address (prefix 111: m… or n…), the order's own key (account 0).
    expect(order.payAddress).toMatch(/^[mn][1-9A-HJ-NP-Za-km-z]{25,34}$/);
    expect(doge().isValidAddress(order.payAddress)).toBe(true);
    const row = await reload(order.orderNo);
    expect(doge().deriveAddress(row.addressIndex ?? -1, 0)).toBe(order.payAddress);

    const txid = await node.send(order.payAddress, '12.34567891');
    // In the mempool only: nothing seen.
    expect(await app.watcher.tick()).toMatchObject({ recorded: 0 });
    expect((await reload(order.orderNo)).status).toBe('pending');

    expect(await mineAndPass()).toMatchObject({ recorded: 1, credited: 0 });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'confirming',
      txHash: txid,
      paidAmount: '12.345678910000000000',
    });
    const [transfer] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txid));
    expect(transfer).toMatchObject({
      chainId: 'DOGE',
      toAddress: order.payAddress,
      amount: '12.345678910000000000',
    });
    // Its output is the platform's, spendable with the order's key.
    expect(await utxosAt(order.payAddress)).toMatchObject([
      { txid, vout: transfer?.logIndex, keyAccount: 0, keyIndex: row.addressIndex, spentBySendId: null },
    ]);

    // One block short of the confirmations: still confirming, nothing credited.
    expect(await mineAndPass(CONFIRMATIONS - 2)).toMatchObject({ credited: 0 });
    expect((await reload(order.orderNo)).status).toBe('confirming');
    expect(await recordsOf(order.orderNo)).toEqual([]);

    expect(await mineAndPass()).toMatchObject({ credited: 1 });
    const { fee, credit } = await feeOf('12.34567891');
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      exception: null,
      paidAmount: '12.345678910000000000',
      fee,
    });
    const records = await recordsOf(order.orderNo);
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({ type: 'collection', currency: 'DOGE', network: 'DOGE', txHash: txid });
    expect(money(records[0]?.amount ?? '0').eq('12.34567891')).toBe(true);
    expect(money(records[0]?.changeAmount ?? '0').eq(credit)).toBe(true);

    // The merchant API shows it completed, with the payment's hash.
    const shown = await getSigned(app, shop, `/api/v1/collections/${order.orderNo}`);
    expect(shown.body.data).toMatchObject({
      status: 'completed',
      paidAmount: '12.34567891',
      txHash: txid,
      network: 'DOGE',
      currency: 'DOGE',
    });
    // The shop's callbacks, as on an EVM chain: confirming, then completed, each with the order.
    const events = await eventsOf(row.id);
    expect(events.map((e) => e.type)).toEqual(['collection.confirming', 'collection.completed']);
    expect(events[0]?.data.order).toMatchObject({
      status: 'confirming',
      paidAmount: '12.34567891',
      txHash: txid,
    });
    expect(events[1]?.data.order).toMatchObject({
      orderNo: order.orderNo,
      status: 'completed',
      amount: '12.34567891',
      paidAmount: '12.34567891',
      network: 'DOGE',
      currency: 'DOGE',
      txHash: txid,
    });

    const [dogeRow] = await expectBooksMatchNode();
    expect(money(dogeRow?.onChain ?? '0').gte('12.34567891')).toBe(true);
  });

  it('2a. an underpaid order topped up by a second output to its address completes: both count', async () => {
    const order = await newOrder('10');
    const address = order.payAddress ?? '';
    const first = await node.send(address, '4');
    await mineAndPass(CONFIRMATIONS);
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      exception: null,
      paidAmount: '4.000000000000000000',
    });
    expect(await recordsOf(order.orderNo)).toEqual([]);

    const second = await node.send(address, '6');
    expect(await mineAndPass()).toMatchObject({ recorded: 1 });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'confirming',
      paidAmount: '10.000000000000000000',
    });
    await mineAndPass(CONFIRMATIONS - 1);
    const { fee, credit } = await feeOf('10');
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      exception: null,
      paidAmount: '10.000000000000000000',
      fee,
    });
    // Both outputs credited, each once.
    const records = await recordsOf(order.orderNo);
    expect(records).toHaveLength(2);
    const credited = records.reduce((sum, r) => sum.plus(r.changeAmount), money('0'));
    expect(credited.eq(credit)).toBe(true);
    expect((await utxosAt(address)).map((u) => u.txid).sort()).toEqual([first, second].sort());
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 2, total: '10' });
    expect(await doge().balanceOf(address, 'DOGE')).toBe('10.00000000');
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual([
      'collection.payment_received',
      'collection.confirming',
      'collection.completed',
    ]);
    await expectBooksMatchNode();
  });

  it('2b. an overpaid order completes with the overpayment recorded, all of it credited less the fee', async () => {
    const order = await newOrder('10');
    const address = order.payAddress ?? '';
    await node.send(address, '12.5');
    await mineAndPass();
    expect(await reload(order.orderNo)).toMatchObject({ status: 'confirming', exception: 'overpaid' });
    await mineAndPass(CONFIRMATIONS - 1);
    const { fee, credit } = await feeOf('12.5');
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      exception: 'overpaid',
      paidAmount: '12.500000000000000000',
      fee,
    });
    const records = await recordsOf(order.orderNo);
    expect(records).toHaveLength(1);
    expect(money(records[0]?.amount ?? '0').eq('12.5')).toBe(true);
    expect(money(records[0]?.changeAmount ?? '0').eq(credit)).toBe(true);
    const events = await eventsOf(order.id);
    expect(events.map((e) => e.type)).toEqual(['collection.confirming', 'collection.completed']);
    expect(events[1]?.data.order).toMatchObject({ exception: 'overpaid', paidAmount: '12.5', amount: '10' });
    await expectBooksMatchNode();
  });

  it('2c. one transaction paying two orders (two outputs of one txid) completes each, with its own output', async () => {
    const [a, b] = [await newOrder('5'), await newOrder('6')];
    const txid = await node.rpc.call<string>('sendmany', [
      '',
      { [a.payAddress ?? '']: '5', [b.payAddress ?? '']: '6' },
    ]);
    await mineAndPass(CONFIRMATIONS);
    for (const [order, amount] of [
      [a, '5'],
      [b, '6'],
    ] as const) {
      expect(await reload(order.orderNo)).toMatchObject({
        status: 'completed',
        exception: null,
        txHash: txid,
      });
      const records = await recordsOf(order.orderNo);
      expect(records).toHaveLength(1);
      expect(money(records[0]?.amount ?? '0').eq(amount)).toBe(true);
      expect(await unspentOf(app.db, 'DOGE', order.payAddress ?? '')).toEqual({ count: 1, total: amount });
    }
    const transfers = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txid));
    expect(new Set(transfers.map((t) => t.logIndex)).size).toBe(2);
    await expectBooksMatchNode();
  });

  it('3a. a reorg before the confirmations drops the payment: pending again, its output not counted; mined back in, credited once', async () => {
    const order = await newOrder('7');
    const address = order.payAddress ?? '';
    const txid = await node.send(address, '7');
    const [blockOfPayment] = await node.mine(1);
    expect(await app.watcher.tick()).toMatchObject({ recorded: 1 });
    expect(await reload(order.orderNo)).toMatchObject({ status: 'confirming', txHash: txid });
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 1, total: '7' });

    // The payment's block leaves the chain; its transaction goes back to the node's mempool and
    // stays there while a longer chain is mined with empty blocks.
    await node.invalidate(blockOfPayment ?? '');
    expect(await node.mempool()).toContain(txid);
    await node.mineEmpty(2);
    expect(await node.mempool()).toContain(txid);
    expect(await app.watcher.tick()).toMatchObject({ reorgs: 1, dropped: 1, credited: 0 });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'pending',
      paidAmount: '0.000000000000000000',
    });
    expect(await recordsOf(order.orderNo)).toEqual([]);
    expect(await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txid))).toEqual([]);
    // The output is off the chain: its row has no block, it is not spendable nor counted.
    expect(await utxosAt(address)).toMatchObject([{ txid, blockHeight: null, blockHash: null }]);
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 0, total: '0' });
    expect(await doge().balanceOf(address, 'DOGE')).toBe('0.00000000');
    const reverted = await eventsOf(order.id);
    expect(reverted.map((e) => e.type)).toEqual(['collection.confirming', 'collection.payment_reverted']);
    expect(reverted[1]?.data.order).toMatchObject({ status: 'pending', paidAmount: '0' });
    // More passes on the new chain credit nothing.
    await node.mineEmpty(CONFIRMATIONS);
    expect(await app.watcher.tick()).toMatchObject({ recorded: 0, credited: 0 });
    expect((await reload(order.orderNo)).status).toBe('pending');
    await expectBooksMatchNode();

    // Mined back in (the next block holds the mempool): seen again, credited once.
    expect(await mineAndPass()).toMatchObject({ recorded: 1 });
    expect((await reload(order.orderNo)).status).toBe('confirming');
    await mineAndPass(CONFIRMATIONS - 1);
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      paidAmount: '7.000000000000000000',
    });
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    expect((await utxosAt(address)).map((u) => [u.txid, u.blockHeight !== null])).toEqual([[txid, true]]);
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 1, total: '7' });
    expect((await eventsOf(order.id)).map((e) => e.type)).toEqual([
      'collection.confirming',
      'collection.payment_reverted',
      'collection.confirming',
      'collection.completed',
    ]);
    await expectBooksMatchNode();
  });

  it('3b. the old block made the chain again (reconsiderblock) credits the payment once, in its first block', async () => {
    const order = await newOrder('3');
    const address = order.payAddress ?? '';
    const txid = await node.send(address, '3');
    const [blockOfPayment] = await node.mine(1);
    await app.watcher.tick();
    expect((await reload(order.orderNo)).status).toBe('confirming');

    await node.invalidate(blockOfPayment ?? '');
    const [forkStart] = await node.mineEmpty(2);
    expect(await app.watcher.tick()).toMatchObject({ reorgs: 1, dropped: 1 });
    expect((await reload(order.orderNo)).status).toBe('pending');
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 0, total: '0' });

    // The old block is valid again and the empty fork is not: the old chain is the node's again
    // (a second reorg), and grows past the confirmations.
    await node.reconsider(blockOfPayment ?? '');
    await node.invalidate(forkStart ?? '');
    const height = (await node.rpc.call<{ height: unknown }>('getblockheader', [blockOfPayment, true]))
      .height;
    expect(await node.blockHash(Number(height))).toBe(blockOfPayment);
    await node.mineEmpty(CONFIRMATIONS - 1);
    expect(await app.watcher.tick()).toMatchObject({ reorgs: 1, recorded: 1, credited: 1 });
    expect(await reload(order.orderNo)).toMatchObject({
      status: 'completed',
      paidAmount: '3.000000000000000000',
    });
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    const [transfer] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txid));
    expect(transfer).toMatchObject({ status: 'credited', blockHash: blockOfPayment });
    expect(await utxosAt(address)).toMatchObject([{ txid, blockHash: blockOfPayment }]);
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 1, total: '3' });
    // One more pass: nothing credited twice.
    expect(await mineAndPass()).toMatchObject({ credited: 0 });
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    await expectBooksMatchNode();
  });

  it('3c. a credited payment reorganized away deeper than the confirmations: reorged with a deep_reorg alert, no balance moves; mined again, held again and not credited twice', async () => {
    const order = await newOrder('9');
    const address = order.payAddress ?? '';
    const txid = await node.send(address, '9');
    const [blockOfPayment] = await node.mine(1);
    await mineAndPass(CONFIRMATIONS - 1);
    expect((await reload(order.orderNo)).status).toBe('completed');
    const available = async () =>
      (await app.db.select().from(balances).where(eq(balances.merchantId, order.merchantId)))[0]?.available;
    const before = await available();

    await node.invalidate(blockOfPayment ?? '');
    await node.mineEmpty(CONFIRMATIONS + 1);
    expect(await app.watcher.tick()).toMatchObject({ reorgs: 1, reorged: 1, credited: 0 });
    const [row] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txid));
    expect(row?.status).toBe('reorged');
    const alerts = await app.db
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.chainId, 'DOGE'), eq(chainAlerts.kind, 'deep_reorg')));
    expect(
      alerts.flatMap((a) => (a.detail as { credited: { txHash: string }[] }).credited.map((c) => c.txHash)),
    ).toContain(txid);
    expect(await available()).toBe(before);
    expect((await reload(order.orderNo)).status).toBe('completed');
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 0, total: '0' });
    await expectBooksMatchNode();

    // Mined again (the next block holds the mempool): credited again in its new block, once.
    await mineAndPass(CONFIRMATIONS);
    const [again] = await app.db.select().from(chainTransfers).where(eq(chainTransfers.txHash, txid));
    expect(again?.status).toBe('credited');
    expect(await recordsOf(order.orderNo)).toHaveLength(1);
    expect(await available()).toBe(before);
    expect(await unspentOf(app.db, 'DOGE', address)).toEqual({ count: 1, total: '9' });
    await expectBooksMatchNode();
  });
});

/** `npm run chain:reconcile` on its own embedded database (DATA_DIR), live against the node. */
function runReconcile(dataDir: string) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'scripts/chain-reconcile.ts'],
      {
        cwd: join(import.meta.dirname, '..'),
        env: {
          ...process.env,
          DATABASE_URL: '',
          DATA_DIR: dataDir,
          CHAIN_MODE: 'live',
          RPC_URL_DOGE: node.url,
          DOGE_NETWORK: 'regtest',
          WALLET_MNEMONIC: MNEMONIC,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? (error.code as number) : 0, stdout, stderr }),
    );
  });
}

// The command opens the embedded database like the server: once is enough (not again on PostgreSQL).
describe.skipIf(isPostgresRun())('npm run chain:reconcile in live mode', () => {
  it('reads DOGE on the node: an output at the hot wallet the books never received is a difference, exit 1', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-doge-reconcile-'));
    try {
      // An output at the hot wallet (known to the command's database) that its books never received.
      const hot = doge().deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
      const txid = await node.send(hot, '1.5');
      const [block] = await node.mine(1);
      const height = await node.head();
      const [paid] = (await doge().scan(height, height, new Set([hot]))).transfers.filter(
        (t) => t.txHash === txid,
      );
      if (!paid) throw new Error('the hot wallet’s output not found');
      const handle = await createPgliteDatabase(join(dataDir, 'pglite'));
      try {
        await handle.migrate();
        await handle.db.insert(chainUtxos).values({
          chainId: 'DOGE',
          txid,
          vout: paid.logIndex,
          address: hot,
          keyAccount: HOT_WALLET.account,
          keyIndex: HOT_WALLET.index,
          amount: '1.5',
          blockHeight: height,
          blockHash: block ?? '',
          createdAt: new Date(),
        });
      } finally {
        await handle.close();
      }
      const differs = await runReconcile(dataDir);
      expect(differs.stderr).toBe('');
      expect(differs.stdout).toMatch(/^DOGE +DOGE +\d+ +1\.5 +0 +1\.5 *$/m);
      expect(differs.stdout).toContain(`DOGE DOGE ${hot}: on chain 1.5, books 0`);
      expect(differs.stdout).toContain('the books differ from the chains');
      expect(differs.code).toBe(1);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
