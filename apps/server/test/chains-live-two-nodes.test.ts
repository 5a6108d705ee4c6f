/**
 * Two real EVM nodes at once (issue 32 §5.9): two anvils with different chain ids, one as
 * Ethereum (6-decimals USDT, as on Ethereum) and one as BNB Chain (18-decimals USDT, as on BNB
 * Chain), under one server in CHAIN_MODE=live. Both test tokens are the funder's first
 * deployment, so they sit at the same contract address on both nodes, and the HD wallet's
 * addresses are the same on both chains (the hot wallet too). Nothing crosses:
 * - coin sent to an Ethereum order's address on the BNB Chain node (and the other way round),
 *   in the token and in the native coin, is seen by neither chain and credits nothing;
 * - each order paid on its own node completes once, in its chain's decimals;
 * - cursors and stored blocks are each chain's own node's;
 * - a payout on each chain lands on its own node only, each from the hot wallet's nonce 0 of
 *   that chain (one shared counter would leave the second chain's payout at nonce 1, never mined);
 * - both chains' books match their nodes (chain:reconcile) and the ledger verifies.
 */
import { money } from '@tollgate/contracts/money';
import { asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { parseEther, parseUnits } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ChainAdapter, HOT_WALLET } from '../src/chains/chain-adapter';
import {
  chainAlerts,
  chainBlocks,
  chainCursors,
  chainNonces,
  chainSends,
  chainTransfers,
  fundRecords,
} from '../src/db/schema';
import { findWithdrawal } from '../src/modules/assets/withdrawal.repository';
import { freezeWithdrawal } from '../src/modules/assets/withdrawal.service';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { getCollectionByNo } from '../src/modules/orders/order.service';
import { type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { createOrderOn } from './helpers/watcher-fixtures';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const CONFIRMATIONS = 2;
/** A payee on both nodes: a plain address the platform does not own. */
const PAYEE = '0x000000000000000000000000000000000000bEEF';

let ethNode: Anvil;
let bscNode: Anvil;
let ethToken: string;
let bscToken: string;
let app: FastifyInstance;
beforeAll(async () => {
  [ethNode, bscNode] = await Promise.all([startAnvil({ chainId: 31337 }), startAnvil({ chainId: 31338 })]);
  [ethToken, bscToken] = await Promise.all([ethNode.deployToken(6), bscNode.deployToken(18)]);
  // The nodes at different heights: a height of one is never taken for the other's.
  await bscNode.mine(40);
  app = await buildTestApp({
    env: {
      CHAIN_MODE: 'live',
      WALLET_MNEMONIC: MNEMONIC,
      RPC_URL_ETH: ethNode.url,
      CHAIN_ID_ETH: '31337',
      TOKEN_USDT_ETH: ethToken,
      CONFIRMATIONS_ETH: String(CONFIRMATIONS),
      RPC_URL_BSC: bscNode.url,
      CHAIN_ID_BSC: '31338',
      TOKEN_USDT_BSC: bscToken,
      CONFIRMATIONS_BSC: String(CONFIRMATIONS),
      // Nothing is swept here: what the addresses hold stays, for the books to match.
      SWEEP_MIN_USDT: '1000000',
      SWEEP_MIN_ETH: '1000',
      SWEEP_MIN_BNB: '1000',
    },
  });
  await app.ready();
  await app.watcher.stop();
  await app.jobs.stop();
});
afterAll(async () => {
  if (app) {
    await expectLedgerClean(app.db);
    await expectReportStatsExact(app.db);
  }
  await app?.close();
  await Promise.all([ethNode?.stop(), bscNode?.stop()]);
});

const adapterOf = (chainId: 'ETH' | 'BSC'): ChainAdapter => {
  const adapter = app.chains.get(chainId);
  if (!adapter) throw new Error(`${chainId} not enabled`);
  return adapter;
};
const nodes = () => [
  { chainId: 'ETH' as const, node: ethNode, token: ethToken, decimals: 6, native: 'ETH' },
  { chainId: 'BSC' as const, node: bscNode, token: bscToken, decimals: 18, native: 'BNB' },
];
/** The confirmations mined on both nodes, then one watcher pass. */
async function confirmAndPass() {
  await Promise.all([ethNode.mine(CONFIRMATIONS), bscNode.mine(CONFIRMATIONS)]);
  return app.watcher.tick();
}
const nativeTo = async (node: Anvil, address: string | null, ether: string) =>
  node.waitMined(await node.send({ to: address ?? '', value: parseEther(ether) }));
const statusOf = async (orderNo: string) => (await getCollectionByNo(app.db, orderNo))?.status;

describe('two live EVM nodes as Ethereum and BNB Chain', () => {
  it('keeps payments, cursors, blocks, nonces and payouts of each chain on its own node', async () => {
    // The same token address and the same wallet on both chains: only the node tells them apart.
    expect(bscToken).toBe(ethToken);
    const hot = adapterOf('ETH').deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
    expect(adapterOf('BSC').deriveAddress(HOT_WALLET.index, HOT_WALLET.account)).toBe(hot);
    expect(await app.watcher.tick()).toMatchObject({ scanned: 2 }); // each cursor at its node's head

    const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
    const shop = await createTestApplication(app, merchant.id);
    const deps = { db: app.db, now: app.now, chains: app.chains };
    const ethUsdt = await createOrderOn(deps, shop, { amount: '20', network: 'ETH' });
    const ethCoin = await createOrderOn(deps, shop, { amount: '0.02', network: 'ETH', currency: 'ETH' });
    const bscUsdt = await createOrderOn(deps, shop, { amount: '30', network: 'BSC' });
    const bscCoin = await createOrderOn(deps, shop, { amount: '0.05', network: 'BSC', currency: 'BNB' });

    // Each order paid in full on the other chain's node, to the same address, by the same token
    // contract address: seen by neither chain.
    await bscNode.tokenTransfer(bscToken, ethUsdt.payAddress ?? '', parseUnits('20', 18));
    await nativeTo(bscNode, ethCoin.payAddress, '0.02');
    await ethNode.tokenTransfer(ethToken, bscUsdt.payAddress ?? '', parseUnits('30', 6));
    await nativeTo(ethNode, bscCoin.payAddress, '0.05');
    expect(await confirmAndPass()).toMatchObject({ scanned: 2, recorded: 0, credited: 0 });
    for (const order of [ethUsdt, ethCoin, bscUsdt, bscCoin])
      expect(await statusOf(order.orderNo)).toBe('pending');
    expect(await app.db.select().from(chainTransfers)).toEqual([]);

    // Paid on their own nodes: each completes once, in its chain's decimals.
    const paid = {
      ethUsdt: await ethNode.tokenTransfer(ethToken, ethUsdt.payAddress ?? '', parseUnits('20', 6)),
      bscUsdt: await bscNode.tokenTransfer(bscToken, bscUsdt.payAddress ?? '', parseUnits('30', 18)),
    };
    await nativeTo(ethNode, ethCoin.payAddress, '0.02');
    await nativeTo(bscNode, bscCoin.payAddress, '0.05');
    expect(await confirmAndPass()).toMatchObject({ scanned: 2, recorded: 4, credited: 4 });
    for (const order of [ethUsdt, ethCoin, bscUsdt, bscCoin]) {
      expect(await getCollectionByNo(app.db, order.orderNo)).toMatchObject({
        status: 'completed',
        exception: null,
        paidAmount: order.amount,
      });
    }
    const transfers = await app.db.select().from(chainTransfers).orderBy(asc(chainTransfers.id));
    expect(
      transfers.map((t) => [t.chainId, t.coinName, money(t.amount).toFixed(), t.toAddress, t.status]),
    ).toEqual([
      ['ETH', 'USDT', '20', ethUsdt.payAddress, 'credited'],
      ['ETH', 'ETH', '0.02', ethCoin.payAddress, 'credited'],
      ['BSC', 'USDT', '30', bscUsdt.payAddress, 'credited'],
      ['BSC', 'BNB', '0.05', bscCoin.payAddress, 'credited'],
    ]);
    expect(transfers.find((t) => t.coinName === 'USDT' && t.chainId === 'ETH')?.txHash).toBe(paid.ethUsdt);
    expect(transfers.find((t) => t.coinName === 'USDT' && t.chainId === 'BSC')?.txHash).toBe(paid.bscUsdt);
    const records = await app.db.select().from(fundRecords).where(eq(fundRecords.type, 'collection'));
    expect(records.map((r) => `${r.network}:${r.orderNo}`).sort()).toEqual(
      [ethUsdt, ethCoin, bscUsdt, bscCoin].map((o) => `${o.network}:${o.orderNo}`).sort(),
    );

    // Each cursor is its own node's head, and each stored block is its own node's block.
    for (const { chainId, node } of nodes()) {
      const [cursor] = await app.db.select().from(chainCursors).where(eq(chainCursors.chainId, chainId));
      expect(cursor?.scannedHeight).toBe(await node.head());
      const blocks = await app.db.select().from(chainBlocks).where(eq(chainBlocks.chainId, chainId));
      expect(blocks.length).toBeGreaterThan(0);
      for (const block of blocks) {
        const onNode = await node.rpc<{ hash: string }>('eth_getBlockByNumber', [
          `0x${block.height.toString(16)}`,
          false,
        ]);
        expect(block.hash).toBe(onNode.hash);
      }
    }
    expect(await ethNode.head()).not.toBe(await bscNode.head());

    // The operator funds the one hot wallet address on each node (booked per chain), then a
    // payout on each chain.
    for (const { node, token, decimals } of nodes()) {
      await nativeTo(node, hot, '1');
      await node.mint(token, hot, parseUnits('100', decimals));
    }
    await confirmAndPass();
    const payout = (chainId: 'ETH' | 'BSC', amount: string) =>
      app.db.transaction((tx) =>
        freezeWithdrawal(tx, {
          merchant,
          checked: {
            coinName: 'USDT',
            chainId,
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
    const ethPayout = await payout('ETH', '5');
    const bscPayout = await payout('BSC', '7');
    await app.watcher.tick(); // each chain's pass sends its own
    const sends = await app.db.select().from(chainSends).orderBy(asc(chainSends.id));
    expect(sends.map((s) => [s.chainId, s.ref, s.fromAddress, s.nonce])).toEqual([
      ['ETH', ethPayout.withdrawalNo, hot, 0],
      ['BSC', bscPayout.withdrawalNo, hot, 0],
    ]);
    const sent = {
      ETH: (await findWithdrawal(app.db, ethPayout.id))?.txHash ?? '',
      BSC: (await findWithdrawal(app.db, bscPayout.id))?.txHash ?? '',
    };
    // Each lands on its own node, and the other node never heard of it.
    await ethNode.waitMined(sent.ETH);
    await bscNode.waitMined(sent.BSC);
    expect(await bscNode.rpc('eth_getTransactionByHash', [sent.ETH])).toBeNull();
    expect(await ethNode.rpc('eth_getTransactionByHash', [sent.BSC])).toBeNull();
    await confirmAndPass();
    expect(await findWithdrawal(app.db, ethPayout.id)).toMatchObject({ status: 'completed' });
    expect(await findWithdrawal(app.db, bscPayout.id)).toMatchObject({ status: 'completed' });
    expect(await adapterOf('ETH').balanceOf(PAYEE, 'USDT')).toBe('5');
    expect(await adapterOf('BSC').balanceOf(PAYEE, 'USDT')).toBe('7');
    const nonces = await app.db.select().from(chainNonces).orderBy(asc(chainNonces.chainId));
    expect(nonces.map((n) => [n.chainId, n.address, n.nextNonce])).toEqual([
      ['BSC', hot, 1],
      ['ETH', hot, 1],
    ]);

    // Both chains' books match their own nodes, and no alert is open.
    for (const chainId of ['ETH', 'BSC'] as const) {
      const rows = await reconcileChain(app.db, adapterOf(chainId));
      expect(rows.flatMap((row) => row.differences)).toEqual([]);
      expect(isClean(rows)).toBe(true);
      expect(rows.length).toBeGreaterThan(0);
    }
    expect(await app.db.select().from(chainAlerts).where(isNull(chainAlerts.resolvedAt))).toEqual([]);
    // The hot wallet holds each chain's own: 100 USDT less the payout, on each node.
    expect(await adapterOf('ETH').balanceOf(hot, 'USDT')).toBe('95');
    expect(await adapterOf('BSC').balanceOf(hot, 'USDT')).toBe('93');
    expect(
      await app.db.select().from(chainAlerts).where(eq(chainAlerts.kind, 'reconcile_difference')),
    ).toEqual([]);
  });
});
