/**
 * Payouts on a real Bitcoin-family node (issue 33, scenarios 5 and 6): litecoind -regtest
 * standing in for Dogecoin Core, CHAIN_MODE=live with RPC_URL_DOGE and DOGE_NETWORK=regtest.
 * Payouts are made through the signed merchant API (auto-approved, sent at once); the watcher's
 * passes are driven here (`app.watcher.tick()`), the node mines when the test says.
 * - 5: a payout to a node wallet address lands: the node received exactly the amount; the mined
 *   transaction has exactly the payee's output and the change to the hot wallet (inputs − amount
 *   − fee); completed after the confirmations; the books' hot wallet line is its unspent outputs.
 * - 5: stuck (empty blocks past SEND_STUCK_BLOCKS): replaced over the same inputs at a higher
 *   fee; it lands once, the first gone.
 * - 6: with one output only, the second of two payouts made at once waits for the first's change
 *   (no hot_wallet_low alert), then lands from it.
 * - 6: with several outputs, two payouts made at once spend disjoint inputs, each its chain_utxos
 *   locks, and both land.
 * Each ends with chain:reconcile (every platform address: the node's unspent outputs against the
 * books) and ledger:verify clean. Runs on PGlite and on PostgreSQL.
 */

import { bytesToHex, hexToBytes } from '@noble/hashes/utils';
import { RawTx } from '@scure/btc-signer';
import { money, sumMoney } from '@tollgate/contracts/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainAdapter, HOT_WALLET } from '../src/chains/chain-adapter';
import { int } from '../src/chains/doge/doge-rpc';
import {
  chainAlerts,
  chainSends,
  chainSendTxs,
  chainUtxos,
  merchants,
  orders,
  platformEntries,
  withdrawals,
} from '../src/db/schema';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { unspentOf } from '../src/modules/chain-sends/utxos.repository';
import { buildTestApp } from './helpers/build-test-app';
import { setBalance } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { type Litecoind, startLitecoind } from './helpers/litecoind';
import { type ApiCredentials, createApiApplication, getSigned, postSigned } from './helpers/signed-api';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 2;
const STUCK_BLOCKS = 3;

let node: Litecoind;
let app: FastifyInstance;
let doge: ChainAdapter;
let hot: string;
let shop: ApiCredentials;

beforeAll(async () => {
  node = await startLitecoind();
  app = await buildTestApp({
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_DOGE: node.url,
      DOGE_NETWORK: 'regtest',
      CONFIRMATIONS_DOGE: String(CONFIRMATIONS),
      SEND_STUCK_BLOCKS: String(STUCK_BLOCKS),
      // Nothing swept: no send of the platform's own moves the hot wallet under the test.
      SWEEP_MIN_DOGE: '100000000',
      API_RATE_LIMIT: '100000',
    },
  });
  await app.ready();
  await app.watcher.stop();
  await app.jobs.stop();
  const adapter = app.chains.get('DOGE');
  if (!adapter) throw new Error('DOGE not enabled');
  doge = adapter;
  hot = doge.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  expect(hot).toBe(doge.deriveAddress(0, 2));
  shop = await createApiApplication(app);
  await app.db
    .update(merchants)
    .set({ autoApproveUsdt: '100000000' })
    .where(eq(merchants.id, shop.merchantId));
  await setBalance(app, { merchantId: shop.merchantId, coinName: 'DOGE', available: '100000' });
  await app.watcher.tick(); // the chain's cursor at the head
}, 120_000);

afterAll(async () => {
  if (app) {
    await expectLedgerClean(app.db);
    await app.close();
  }
  await node?.stop();
});

const tick = () => app.watcher.tick();

interface NodeTx {
  txid: string;
  blockhash?: string;
  vin: { txid: string; vout: unknown }[];
  vout: { n: unknown; value: string; scriptPubKey: { address?: string; addresses?: string[] } }[];
}
const nodeTx = (txid: string) => node.rpc.call<NodeTx>('getrawtransaction', [txid, true]);
const paysTo = (output: NodeTx['vout'][number]) =>
  output.scriptPubKey.address ?? output.scriptPubKey.addresses?.[0];
const outpoint = (o: { txid: string; vout: unknown }) => `${o.txid}:${int(o.vout)}`;
/** The outpoints a signed transaction spends, read from its raw bytes (the codec gives txids in display order). */
const inputsOfRaw = (raw: string) =>
  RawTx.decode(hexToBytes(raw)).inputs.map((input) => `${bytesToHex(input.txid)}:${input.index}`);

/** The node's wallet pays the hot wallet (the operator funding it), mined and scanned. */
async function fundHot(...amounts: string[]) {
  for (const amount of amounts) await node.send(hot, amount);
  await node.mine(1);
  await tick();
}

async function payout(merchantOrderNo: string, address: string, amount: string) {
  const answer = await postSigned(app, shop, '/api/v1/payouts', {
    merchantOrderNo,
    currency: 'DOGE',
    network: 'DOGE',
    address,
    amount,
  });
  expect(answer.body, JSON.stringify(answer.body)).toMatchObject({ code: 0 });
  return answer.body.data as { status: string; txHash: string | null };
}

async function payoutOf(merchantOrderNo: string) {
  const answer = await getSigned(app, shop, `/api/v1/payouts?merchantOrderNo=${merchantOrderNo}`);
  return answer.body.data as { status: string; txHash: string | null; amount: string };
}

/** The payout's withdrawal, its send, the send's transactions, and the outputs locked to it. */
async function sendOf(merchantOrderNo: string) {
  const [order] = await app.db
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.merchantId, shop.merchantId), eq(orders.merchantOrderNo, merchantOrderNo)));
  const [withdrawal] = await app.db
    .select()
    .from(withdrawals)
    .where(eq(withdrawals.orderId, order?.id ?? 0));
  if (!withdrawal) throw new Error(`no withdrawal for ${merchantOrderNo}`);
  const [send] = await app.db
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.kind, 'withdrawal'), eq(chainSends.ref, withdrawal.withdrawalNo)));
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
}

/** Mines what is in the mempool, then the rest of the confirmations, a watcher pass after each. */
async function mineAndConfirm() {
  await node.mine(1);
  await tick();
  await node.mine(CONFIRMATIONS - 1);
  await tick();
}

/** Every hot_wallet_low alert of the chain, open or resolved: none is ever raised in this file. */
const lowAlerts = () =>
  app.db
    .select()
    .from(chainAlerts)
    .where(and(eq(chainAlerts.chainId, 'DOGE'), eq(chainAlerts.kind, 'hot_wallet_low')));

/** The books' hot wallet line: every hot_wallet entry at its address. */
async function bookedHot(): Promise<string> {
  const [row] = await app.db
    .select({ total: sql<string>`coalesce(sum(${platformEntries.amount}), 0)::text` })
    .from(platformEntries)
    .where(and(eq(platformEntries.account, 'hot_wallet'), eq(platformEntries.address, hot)));
  return money(row?.total ?? '0').toFixed(8);
}

/** What the node holds unspent of the hot wallet's known outputs (gettxout, each). */
async function nodeUnspentAtHot(): Promise<string> {
  const outputs = await app.db.select().from(chainUtxos).where(eq(chainUtxos.address, hot));
  const unspent: string[] = [];
  for (const output of outputs) {
    const out = await node.rpc.call<{ value: string } | null>('gettxout', [output.txid, output.vout, false]);
    if (out) unspent.push(out.value);
  }
  return sumMoney(unspent).toFixed(8);
}

/**
 * chain:reconcile and ledger:verify clean: the hot wallet's books equal what the node holds
 * unspent of its outputs in a block (an output a send in flight spends counts until that send is
 * mined), and, with nothing in flight, its available outputs (chain_utxos).
 */
async function expectBooksClean(options: { inFlight?: boolean } = {}) {
  await tick(); // the books complete to the head
  const booked = await bookedHot();
  expect(await nodeUnspentAtHot()).toBe(booked);
  if (!options.inFlight) expect(money((await unspentOf(app.db, 'DOGE', hot)).total).toFixed(8)).toBe(booked);
  const rows = await reconcileChain(app.db, doge);
  expect(rows.flatMap((row) => row.differences)).toEqual([]);
  expect(isClean(rows)).toBe(true);
  // Nor did the watcher ever raise anything (reconcile_difference, hot_wallet_low, rpc_down …).
  expect(await app.db.select().from(chainAlerts).where(eq(chainAlerts.chainId, 'DOGE'))).toEqual([]);
  await expectLedgerClean(app.db);
  await expectReportStatsExact(app.db);
}

describe('DOGE payouts on litecoind -regtest', { timeout: 120_000 }, () => {
  it('5: a payout lands at the node’s address exactly, its change back to the hot wallet', async () => {
    await fundHot('500');
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 1, total: '500' });
    const payee = await node.newAddress();
    const made = await payout('doge-5a', payee, '125.5');
    expect(made.status).toBe('processing');
    const { send, txs, locked } = await sendOf('doge-5a');
    expect(send).toMatchObject({ status: 'pending', nonce: null, fromAddress: hot, toAddress: payee });
    expect(txs).toHaveLength(1);
    const [signed] = txs;
    if (!signed) throw new Error('not stored');
    expect(made.txHash).toBe(signed.txHash);
    expect(await node.mempool()).toEqual([signed.txHash]);
    expect(locked.map((o) => [o.address, money(o.amount).toFixed()])).toEqual([[hot, '500']]);
    expect(send?.inputs).toEqual(locked.map(({ txid, vout }) => ({ txid, vout })));

    await mineAndConfirm();
    expect(await payoutOf('doge-5a')).toMatchObject({ status: 'completed', txHash: signed.txHash });
    expect(await node.receivedBy(payee)).toBe('125.50000000');

    // The mined transaction: exactly the payee's output and the change, change = inputs − amount − fee.
    const mined = await nodeTx(signed.txHash);
    expect(mined.vin.map(outpoint)).toEqual(locked.map(outpoint));
    const fee = (signed.fee as { fee: string }).fee;
    const change = money('500').minus('125.5').minus(fee);
    expect(mined.vout.map((o) => [paysTo(o), o.value])).toEqual([
      [payee, '125.50000000'],
      [hot, change.toFixed(8)],
    ]);
    const done = (await sendOf('doge-5a')).send;
    expect(done).toMatchObject({ status: 'confirmed', minedTxHash: signed.txHash });
    expect(money(done?.networkFee ?? '').eq(fee)).toBe(true);
    // The change, scanned: the hot wallet's one output.
    expect(await unspentOf(app.db, 'DOGE', hot)).toEqual({ count: 1, total: change.toFixed() });
    await expectBooksClean();
  });

  it('5: a stuck payout is replaced spending the same inputs at a higher fee (twice), and lands once', async () => {
    const payee = await node.newAddress();
    const before = await unspentOf(app.db, 'DOGE', hot);
    const made = await payout('doge-5b', payee, '60');
    const first = (await sendOf('doge-5b')).txs[0];
    if (!first) throw new Error('not stored');
    expect(made.txHash).toBe(first.txHash);
    // Blocks go by without it: stuck in the mempool.
    await node.mineEmpty(STUCK_BLOCKS);
    expect(await node.mempool()).toEqual([first.txHash]);
    await tick();

    const { txs, locked } = await sendOf('doge-5b');
    expect(txs).toHaveLength(2);
    const second = txs[1];
    if (!second) throw new Error('not replaced');
    expect(inputsOfRaw(second.raw)).toEqual(inputsOfRaw(first.raw));
    expect(inputsOfRaw(second.raw)).toEqual(locked.map(outpoint));
    const feeOf = (fee: unknown) => money((fee as { fee: string }).fee);
    expect(feeOf(second.fee).greaterThan(feeOf(first.fee))).toBe(true);
    // BIP 125: the replacement took the first's place in the mempool.
    expect(await node.mempool()).toEqual([second.txHash]);
    expect(await doge.sender.txState(first.txHash)).toEqual({ state: 'unknown' });
    expect((await payoutOf('doge-5b')).txHash).toBe(second.txHash);

    // Stuck again: the replacement is replaced in turn (BIP 125 over a replacement), higher still.
    await node.mineEmpty(STUCK_BLOCKS);
    await tick();
    const third = (await sendOf('doge-5b')).txs[2];
    if (!third) throw new Error('not replaced again');
    expect(inputsOfRaw(third.raw)).toEqual(inputsOfRaw(first.raw));
    expect(feeOf(third.fee).greaterThan(feeOf(second.fee))).toBe(true);
    expect(await node.mempool()).toEqual([third.txHash]);

    await mineAndConfirm();
    expect(await payoutOf('doge-5b')).toMatchObject({ status: 'completed', txHash: third.txHash });
    expect(await node.receivedBy(payee)).toBe('60.00000000');
    const mined = await nodeTx(third.txHash);
    expect(mined.vout.map((o) => [paysTo(o), o.value])).toEqual([
      [payee, '60.00000000'],
      [hot, money(before.total).minus('60').minus(feeOf(third.fee)).toFixed(8)],
    ]);
    for (const replaced of [first, second]) {
      await expect(nodeTx(replaced.txHash)).rejects.toThrow(/No such/i);
    }
    const done = (await sendOf('doge-5b')).send;
    expect(done).toMatchObject({ status: 'confirmed', minedTxHash: third.txHash });
    expect(money(done?.networkFee ?? '').eq(feeOf(third.fee))).toBe(true);
    await expectBooksClean();
  });

  it('6: with one output only, the second of two payouts at once waits for the first’s change, then lands', async () => {
    expect((await unspentOf(app.db, 'DOGE', hot)).count).toBe(1);
    const [payeeA, payeeB] = [await node.newAddress(), await node.newAddress()];
    const made = await Promise.all([payout('doge-6a', payeeA, '70'), payout('doge-6b', payeeB, '80')]);
    const sent = made.filter((p) => p.txHash !== null);
    const waiting = made.filter((p) => p.txHash === null);
    expect(sent).toHaveLength(1);
    expect(waiting).toHaveLength(1);
    expect(made.map((p) => p.status)).toEqual(['processing', 'processing']);
    // Short only until the change is back: held quietly, no alert.
    expect(await lowAlerts()).toEqual([]);
    const [a, b] = [await sendOf('doge-6a'), await sendOf('doge-6b')];
    const [firstNo, secondNo] = a.send ? ['doge-6a', 'doge-6b'] : ['doge-6b', 'doge-6a'];
    const first = a.send ? a : b;
    expect((a.send ? b : a).send).toBeUndefined();
    expect((a.send ? b : a).withdrawal.status).toBe('processing');
    expect(await node.mempool()).toEqual([first.txs[0]?.txHash]);

    // Mined: the pass scans the change, then sends the waiting payout from it.
    await node.mine(1);
    await tick();
    const second = await sendOf(secondNo);
    expect(second.withdrawal.status).toBe('sending');
    expect(second.locked.map((o) => [o.txid, o.address])).toEqual([[first.txs[0]?.txHash, hot]]);
    expect(await lowAlerts()).toEqual([]);
    await mineAndConfirm();
    for (const no of [firstNo, secondNo]) expect((await payoutOf(no)).status).toBe('completed');
    expect(await node.receivedBy(payeeA)).toBe('70.00000000');
    expect(await node.receivedBy(payeeB)).toBe('80.00000000');
    await expectBooksClean();
  });

  it('6: two payouts at once over several outputs spend disjoint inputs, each its locks, and both land', async () => {
    await fundHot('200', '200', '200', '200');
    const [payeeA, payeeB] = [await node.newAddress(), await node.newAddress()];
    const made = await Promise.all([payout('doge-6c', payeeA, '150'), payout('doge-6d', payeeB, '150')]);
    expect(made.every((p) => p.txHash !== null)).toBe(true);
    const sends = [await sendOf('doge-6c'), await sendOf('doge-6d')];
    const inputs = sends.map(({ txs }) => inputsOfRaw(txs[0]?.raw ?? ''));
    for (const [i, { locked, send }] of sends.entries()) {
      expect(inputs[i]).toEqual(locked.map(outpoint));
      expect(send?.inputs).toEqual(locked.map(({ txid, vout }) => ({ txid, vout })));
    }
    const all = inputs.flat();
    expect(all.length).toBeGreaterThanOrEqual(2);
    expect(new Set(all).size).toBe(all.length);
    expect((await node.mempool()).sort()).toEqual(sends.map(({ txs }) => txs[0]?.txHash).sort());

    await mineAndConfirm();
    for (const no of ['doge-6c', 'doge-6d']) expect((await payoutOf(no)).status).toBe('completed');
    expect(await node.receivedBy(payeeA)).toBe('150.00000000');
    expect(await node.receivedBy(payeeB)).toBe('150.00000000');
    expect(await lowAlerts()).toEqual([]);
    await expectBooksClean();
  });
  it('5: change below the dust limit is left to the fee: the payee’s output only', async () => {
    await fundHot('100.005');
    const payee = await node.newAddress();
    const made = await payout('doge-5c', payee, '100');
    const { txs, locked } = await sendOf('doge-5c');
    const [signed] = txs;
    if (!signed) throw new Error('not stored');
    expect(made.txHash).toBe(signed.txHash);
    // No change worth keeping: the one output of exactly the amount and a fee (coinselect's first try).
    expect(locked.map((o) => money(o.amount).toFixed())).toEqual(['100.005']);
    expect((signed.fee as { fee: string }).fee).toBe('0.005');
    await mineAndConfirm();
    expect(await payoutOf('doge-5c')).toMatchObject({ status: 'completed', txHash: signed.txHash });
    const mined = await nodeTx(signed.txHash);
    expect(mined.vout.map((o) => [paysTo(o), o.value])).toEqual([[payee, '100.00000000']]);
    expect(money((await sendOf('doge-5c')).send?.networkFee ?? '').toFixed()).toBe('0.005');
    expect(await node.receivedBy(payee)).toBe('100.00000000');
    await expectBooksClean();
  });

  it('5: a mined payout whose block leaves the chain is pending again, then mined again and completed once', async () => {
    const payee = await node.newAddress();
    await payout('doge-5d', payee, '61');
    const [signed] = (await sendOf('doge-5d')).txs;
    if (!signed) throw new Error('not stored');
    const [block] = await node.mine(1);
    await tick();
    expect((await sendOf('doge-5d')).send).toMatchObject({ status: 'mined', minedBlockHash: block });
    const change = () =>
      app.db
        .select()
        .from(chainUtxos)
        .where(and(eq(chainUtxos.txid, signed.txHash), eq(chainUtxos.address, hot)));
    expect((await change())[0]?.blockHash).toBe(block);

    // Its block leaves the chain: the payout is back in the mempool; the chain grows without it.
    await node.invalidate(block as string);
    expect(await node.mempool()).toEqual([signed.txHash]);
    await node.mineEmpty(2);
    await tick();
    expect((await sendOf('doge-5d')).send).toMatchObject({ status: 'pending', minedTxHash: null });
    expect((await change())[0]).toMatchObject({ blockHeight: null, blockHash: null });
    expect((await payoutOf('doge-5d')).status).toBe('processing');
    await expectBooksClean({ inFlight: true });

    // Mined again in the new chain: completed once, with the same bytes.
    await mineAndConfirm();
    expect(await payoutOf('doge-5d')).toMatchObject({ status: 'completed', txHash: signed.txHash });
    expect((await sendOf('doge-5d')).txs).toHaveLength(1);
    expect(await node.receivedBy(payee)).toBe('61.00000000');
    expect((await change())[0]?.blockHash).not.toBeNull();
    await expectBooksClean();
  });
});
