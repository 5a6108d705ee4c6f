/**
 * Withdrawals through chain-sends on a real EVM node (anvil, from node_modules), CHAIN_MODE=live
 * with the EVM adapter (issue 32 §5, "Payouts"): the nonce seeded from the node, the funds
 * checked on the node, the signed bytes stored then broadcast, followed to the confirmations:
 * - a token withdrawal lands on the node and completes, once;
 * - stuck (the base fee raised past its fee): replaced at the same nonce with the node's bump,
 *   and lands once;
 * - more than the hot wallet holds: held with a hot_wallet_low alert, sent once funded;
 * - dropped (anvil_dropTransaction): the same bytes again, and it lands once.
 */
import { money } from '@tollgate/contracts/money';
import { and, asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseEther, parseGwei } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainAdapter, HOT_WALLET } from '../src/chains/chain-adapter';
import { chainAlerts, chainSends, chainSendTxs, withdrawals } from '../src/db/schema';
import { findWithdrawal } from '../src/modules/assets/withdrawal.repository';
import { freezeWithdrawal } from '../src/modules/assets/withdrawal.service';
import { sendWithdrawal } from '../src/modules/assets/withdrawal-send';
import { watchWithdrawals } from '../src/modules/assets/withdrawal-watch';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, setBalance } from './helpers/factories';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 2;
/** A payee on the node: a plain address the platform does not own. */
const PAYEE = '0x000000000000000000000000000000000000bEEF';

let anvil: Anvil;
let token: string;
let app: FastifyInstance;
let eth: ChainAdapter;
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
      CONFIRMATIONS_ETH: String(CONFIRMATIONS),
    },
  });
  await app.ready();
  await app.watcher.stop();
  await app.jobs.stop();
  const adapter = app.chains.get('ETH');
  if (!adapter) throw new Error('ETH not enabled');
  eth = adapter;
  const hot = eth.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  await anvil.setBalance(hot, parseEther('10'));
  await anvil.mint(token, hot, 1_000_000_000n); // 1000 USDT
});
afterAll(async () => {
  await app?.close();
  await anvil?.stop();
});

const deps = () => ({ db: app.db, now: app.now, chains: app.chains });
const pass = (sendStuckBlocks?: number) =>
  watchWithdrawals({ db: app.db, now: app.now, sendStuckBlocks }, eth);

async function processing(amount: string) {
  const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
  await setBalance(app, { merchantId: merchant.id, coinName: 'USDT', available: '10000' });
  return app.db.transaction((tx) =>
    freezeWithdrawal(tx, {
      merchant,
      checked: {
        coinName: 'USDT',
        chainId: 'ETH',
        address: PAYEE,
        amount,
        fee: '1',
        total: money(amount).plus('1').toFixed(),
        usdtValue: amount,
      },
      source: 'single',
      test: false,
      now: app.now(),
    }),
  );
}

async function txsOf(withdrawalNo: string) {
  const [send] = await app.db
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.kind, 'withdrawal'), eq(chainSends.ref, withdrawalNo)));
  if (!send) return { send, txs: [] };
  const txs = await app.db
    .select()
    .from(chainSendTxs)
    .where(eq(chainSendTxs.sendId, send.id))
    .orderBy(asc(chainSendTxs.id));
  return { send, txs };
}

/** Mines the confirmations, then passes until the withdrawal is done (each pass is the watcher's). */
async function settle(withdrawalId: number) {
  await anvil.mine(CONFIRMATIONS);
  await pass();
  return findWithdrawal(app.db, withdrawalId);
}

describe('withdrawals on anvil', () => {
  it('a token withdrawal lands on the node and completes, once', async () => {
    const before = money(await eth.balanceOf(PAYEE, 'USDT'));
    const row = await processing('12.5');
    const sent = await sendWithdrawal(deps(), row.id);
    expect(sent).toMatchObject({ status: 'sending' });
    const { send, txs } = await txsOf(row.withdrawalNo);
    expect(send?.nonce).toBe(0);
    expect(txs).toHaveLength(1);
    expect(sent?.txHash).toBe(txs[0]?.txHash);
    await anvil.waitMined(txs[0]?.txHash ?? '');
    expect(await settle(row.id)).toMatchObject({ status: 'completed', txHash: txs[0]?.txHash });
    expect(
      money(await eth.balanceOf(PAYEE, 'USDT'))
        .minus(before)
        .toFixed(),
    ).toBe('12.5');
    expect((await txsOf(row.withdrawalNo)).send).toMatchObject({ status: 'confirmed' });
  });

  it('stuck under a risen base fee: replaced at the same nonce with a higher fee, and lands once', async () => {
    const before = money(await eth.balanceOf(PAYEE, 'USDT'));
    await anvil.setAutomine(false);
    try {
      const row = await processing('3');
      await sendWithdrawal(deps(), row.id);
      const [first] = (await txsOf(row.withdrawalNo)).txs;
      if (!first) throw new Error('not stored');
      // The base fee leaps far above what it offered: blocks go by without it.
      await anvil.setNextBaseFee(parseGwei('1000'));
      await anvil.mine(3);
      // Not in a block (anvil may even have left it out of its pool: too cheap to wait).
      expect((await eth.sender.txState(first.txHash)).state).not.toBe('mined');
      await pass(3);
      const { txs } = await txsOf(row.withdrawalNo);
      expect(txs).toHaveLength(2);
      const [, second] = txs;
      const offered = (tx: typeof first) => BigInt((tx.fee as Record<string, string>).maxFeePerGas ?? '0');
      expect(offered(second ?? first)).toBeGreaterThan(offered(first));
      expect((await findWithdrawal(app.db, row.id))?.txHash).toBe(second?.txHash);
      await anvil.mine(1);
      await pass(3);
      expect(await eth.sender.txState(second?.txHash ?? '')).toMatchObject({ state: 'mined', failed: false });
      expect(await eth.sender.txState(first.txHash)).toEqual({ state: 'unknown' });
      expect(await settle(row.id)).toMatchObject({ status: 'completed', txHash: second?.txHash });
      expect(
        money(await eth.balanceOf(PAYEE, 'USDT'))
          .minus(before)
          .toFixed(),
      ).toBe('3');
    } finally {
      await anvil.setAutomine(true);
    }
  });

  it('more than the hot wallet holds: held in processing with an alert; funded, the watcher sends it', async () => {
    const hot = eth.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
    const row = await processing('5000');
    expect(await sendWithdrawal(deps(), row.id)).toMatchObject({ status: 'processing', txHash: null });
    const [alert] = await app.db
      .select()
      .from(chainAlerts)
      .where(and(eq(chainAlerts.chainId, 'ETH'), eq(chainAlerts.kind, 'hot_wallet_low')));
    expect(alert).toMatchObject({ key: 'USDT', resolvedAt: null, detail: { needed: '5000' } });
    await anvil.mint(token, hot, 5_000_000_000n);
    await pass();
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('sending');
    const [resolved] = await app.db
      .select()
      .from(chainAlerts)
      .where(eq(chainAlerts.id, alert?.id ?? 0));
    expect(resolved?.resolvedAt).not.toBeNull();
    expect(await settle(row.id)).toMatchObject({ status: 'completed' });
  });

  it('dropped by the node: the same bytes again, and it lands once', async () => {
    const before = money(await eth.balanceOf(PAYEE, 'USDT'));
    await anvil.setAutomine(false);
    try {
      const row = await processing('4');
      await sendWithdrawal(deps(), row.id);
      const [tx] = (await txsOf(row.withdrawalNo)).txs;
      if (!tx) throw new Error('not stored');
      await anvil.dropTransaction(tx.txHash);
      expect(await eth.sender.txState(tx.txHash)).toEqual({ state: 'unknown' });
      await pass();
      expect(await eth.sender.txState(tx.txHash)).toEqual({ state: 'pending' });
      await anvil.mine(1);
      expect(await settle(row.id)).toMatchObject({ status: 'completed', txHash: tx.txHash });
      expect((await txsOf(row.withdrawalNo)).txs).toHaveLength(1);
      expect(
        money(await eth.balanceOf(PAYEE, 'USDT'))
          .minus(before)
          .toFixed(),
      ).toBe('4');
    } finally {
      await anvil.setAutomine(true);
    }
    // Every send of the hot wallet took its own nonce, in order.
    const nonces = await app.db
      .select({ nonce: chainSends.nonce })
      .from(chainSends)
      .orderBy(asc(chainSends.id));
    expect(nonces.map((n) => n.nonce)).toEqual([0, 1, 2, 3]);
    expect(await app.db.select().from(withdrawals).where(eq(withdrawals.status, 'sending'))).toEqual([]);
  });
});
