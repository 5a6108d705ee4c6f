/**
 * Sweeps on a UTXO chain are consolidations (issue 33; docs/decisions/2026-12-07-sweeps.md), on
 * the scripted UTXO chain (helpers/fake-utxo-chain.ts) in live mode, through whole watcher passes
 * and the `sweep` job:
 * - every order or deposit address whose unswept DOGE is at least SWEEP_MIN_DOGE is planned, one
 *   `sweeps` row each, sharing one consolidation id; below the minimum or not yet confirmed, not;
 * - the job spends their outputs in ONE transaction into the hot wallet (run twice: sent once);
 * - mined: each address's unswept line moves its inputs' total to the hot wallet, the fee is the
 *   hot wallet's expense; confirmed: the rows are done;
 * - a payout with change, then a reorg of a consolidation: its books entry undone, then mined again;
 * - a stuck consolidation replaced over the same inputs at a higher fee;
 * - at most the input cap per consolidation: as many consolidations as it needs;
 * - chain:reconcile of DOGE (no gas wallet) is clean after every step, the ledger at the end.
 */
import { opsChains } from '@tollgate/contracts';
import { money } from '@tollgate/contracts/money';
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChainRegistry } from '../src/chains/chain-registry';
import { chainSends, chainSendTxs, chainUtxos, jobs, platformEntries, sweeps } from '../src/db/schema';
import { getDepositAddress } from '../src/modules/assets/deposit.service';
import { findWithdrawal } from '../src/modules/assets/withdrawal.repository';
import { freezeWithdrawal } from '../src/modules/assets/withdrawal.service';
import { sendWithdrawal } from '../src/modules/assets/withdrawal-send';
import { isClean, reconcileChain } from '../src/modules/books/reconcile';
import { listOpsChains } from '../src/modules/ops/ops-chains.service';
import { createCollectionOrder } from '../src/modules/orders/order.service';
import { planConsolidations, runConsolidation } from '../src/modules/sweeps/consolidate';
import { planSweeps } from '../src/modules/sweeps/plan-sweeps';
import { runSweepStep } from '../src/modules/sweeps/run-sweep';
import { runWatcherTick, type WatcherDeps } from '../src/modules/watcher/collection-watcher';
import { createWatcherNode, watchPlatformWallets } from '../src/modules/watcher/start-watcher';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant, setBalance } from './helpers/factories';
import { FakeUtxoChain } from './helpers/fake-utxo-chain';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';

const CONFIRMATIONS = 3;
const STUCK_BLOCKS = 4;
const clock = createTestClock(new Date('2026-12-07T09:00:00.000Z'));
const doge = new FakeUtxoChain(CONFIRMATIONS, clock.now);
const chains = {
  mode: 'live' as const,
  get: (chainId: string) => (chainId === 'DOGE' ? doge : undefined),
  enabled: () => [doge],
};
const hot = doge.hotWallet();
const MINIMUMS = { DOGE: '50' };
let app: FastifyInstance;
let watcher: WatcherDeps;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
  await watchPlatformWallets(app.db, [doge]);
  watcher = {
    db: app.db,
    now: clock.now,
    chains,
    events: { publicUrl: 'https://pay.example.com' },
    node: createWatcherNode(30_000),
    sendStuckBlocks: STUCK_BLOCKS,
  };
  await tick(); // a live chain's cursor starts at its head
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const deps = () => ({ db: app.db, now: clock.now, chains });
const tick = () => runWatcherTick(watcher);

/** chain:reconcile of DOGE at the booked height: one row, no gas wallet looked at, clean. */
async function expectReconciled() {
  const rows = await reconcileChain(app.db, doge);
  expect(rows.map((row) => row.coinName)).toEqual(['DOGE']);
  expect(rows[0]?.differences).toEqual([]);
  expect(isClean(rows)).toBe(true);
  return rows[0];
}

async function confirm() {
  doge.chain.mine(CONFIRMATIONS - 1);
  await tick();
}

/** The books' DOGE at an address and account. */
async function booked(account: 'unswept' | 'hot_wallet', address: string): Promise<string> {
  const [row] = await app.db
    .select({ total: sql<string>`coalesce(sum(${platformEntries.amount}), 0)::text` })
    .from(platformEntries)
    .where(and(eq(platformEntries.account, account), eq(platformEntries.address, address)));
  return money(row?.total ?? '0').toFixed();
}

async function order(no: string, amount: string) {
  const merchant = await createMerchant(app);
  const shop = await createTestApplication(app, merchant.id);
  return createCollectionOrder(
    { db: app.db, now: clock.now, chains },
    {
      application: shop,
      input: { merchantOrderNo: no, currency: 'DOGE', network: 'DOGE', amount },
      source: 'api',
    },
  );
}

const sweepRows = () => app.db.select().from(sweeps).orderBy(asc(sweeps.id));
const sweepSends = () => app.db.select().from(chainSends).where(eq(chainSends.kind, 'sweep'));

let paid: string[] = [];
let small = '';

describe('sweeps on a UTXO chain: consolidations', () => {
  it('payments received and credited at order and deposit addresses: the books match the chain', async () => {
    doge.pay(hot, '100'); // the operator funds the hot wallet
    const a = await order('sweep-a', '60');
    const b = await order('sweep-b', '70');
    const c = await order('sweep-c', '20');
    const merchant = await createMerchant(app);
    const deposit = await getDepositAddress({ db: app.db, chains }, merchant.id, {
      coinName: 'DOGE',
      chainId: 'DOGE',
    });
    paid = [a.payAddress ?? '', b.payAddress ?? '', deposit.address];
    small = c.payAddress ?? '';
    doge.pay(paid[0] ?? '', '60');
    // Two outputs at one address, in one block: both consolidated.
    doge.pay(paid[1] ?? '', '40');
    doge.chain.pay(paid[1] ?? '', 'DOGE', '30', { sameBlock: true });
    doge.pay(paid[2] ?? '', '55');
    doge.pay(small, '20'); // below SWEEP_MIN_DOGE: stays
    await tick();
    expect((await expectReconciled())?.onChain).toBe('305');
    await confirm();
    expect((await expectReconciled())?.booked).toBe('305');
    expect(await booked('unswept', paid[1] ?? '')).toBe('70');
  });

  it('planned from the books: one row per due address, sharing one consolidation and one job', async () => {
    // An output not yet confirmed is not swept yet.
    const late = await order('sweep-late', '80');
    doge.pay(late.payAddress ?? '', '80');
    await tick();
    const planned = await planSweeps({ db: app.db, now: clock.now, minimums: MINIMUMS }, doge);
    expect(planned).toBe(3);
    const rows = await sweepRows();
    expect(rows.map((row) => [row.address, row.status, money(row.plannedAmount).toFixed()])).toEqual([
      [paid[0], 'planned', '60'],
      [paid[1], 'planned', '70'],
      [paid[2], 'planned', '55'],
    ]);
    const first = rows[0]?.id;
    expect(rows.every((row) => row.consolidationId === first)).toBe(true);
    expect(rows.map((row) => row.keyAccount)).toEqual([0, 0, 1]);
    const queued = await app.db.select().from(jobs).where(eq(jobs.kind, 'sweep'));
    expect(queued.map((job) => job.payload)).toEqual([{ sweepId: first }]);
    // Planned again: the open rows make it a no-op.
    expect(await planSweeps({ db: app.db, now: clock.now, minimums: MINIMUMS }, doge)).toBe(0);
    await expectReconciled();
  });

  it('the job spends every output in ONE consolidation into the hot wallet; run twice, it sends once', async () => {
    const first = (await sweepRows())[0]?.id ?? 0;
    const steps = await Promise.all([runSweepStep(deps(), first), runSweepStep(deps(), first)]);
    expect(steps).toContain('sending');
    const sends = await sweepSends();
    expect(sends).toHaveLength(1);
    const [send] = sends;
    expect(send).toMatchObject({ ref: String(first), toAddress: hot, nonce: null, status: 'pending' });
    expect(money(send?.amount ?? '0').toFixed()).toBe('185');
    const locked = await app.db
      .select()
      .from(chainUtxos)
      .where(eq(chainUtxos.spentBySendId, send?.id ?? 0));
    expect(locked.map((o) => o.address).sort()).toEqual([paid[0], paid[1], paid[1], paid[2]].sort());
    expect(doge.sent.size).toBe(1);
    expect((await sweepRows()).slice(0, 3).map((row) => row.status)).toEqual([
      'sending',
      'sending',
      'sending',
    ]);
    await tick();
    await expectReconciled(); // in flight: the outputs are still unspent on chain and in the books
  });

  it('the Chains page shows DOGE: the hot wallet’s unspent outputs, no gas wallet, the consolidation in flight', async () => {
    const registry: ChainRegistry = {
      mode: 'live',
      get: chains.get,
      enabled: chains.enabled,
      statuses: () => [{ chainId: 'DOGE', enabled: true, confirmations: CONFIRMATIONS }],
      devnet: null,
      start: () => undefined,
      stop: async () => undefined,
    };
    const { chains: shown } = opsChains.parse(await listOpsChains({ db: app.db, chains: registry }));
    const [chain] = shown;
    const head = await doge.headHeight();
    expect(chain).toMatchObject({ chainId: 'DOGE', mode: 'live', state: 'ok', headHeight: head, lag: 0 });
    expect(chain?.scannedHeight).toBe(head);
    // Only the operator's funding is the hot wallet's so far: one output, its balance from the node.
    expect(chain?.wallets).toEqual([
      { role: 'hot', address: hot, balances: [{ coinName: 'DOGE', amount: '100' }], unspentOutputs: 1 },
    ]);
    const [send] = await sweepSends();
    expect(chain?.sends).toMatchObject([
      { kind: 'sweep', ref: send?.ref, amount: '185', nonce: null, status: 'pending' },
    ]);
    expect(chain?.sends[0]?.txs.map((tx) => tx.txHash)).toEqual([[...doge.sent.keys()][0]]);
    expect(chain?.pendingSweeps).toBe(1);
    expect(chain?.alerts).toEqual([]);
  });

  it('mined: each address’s inputs move to the hot wallet, the fee is its expense; confirmed: done', async () => {
    const hotBefore = await booked('hot_wallet', hot);
    doge.mineSends();
    await tick();
    const [send] = await sweepSends();
    expect(send?.status).toBe('mined');
    const fee = money(send?.networkFee ?? '0');
    expect(fee.greaterThan(0)).toBe(true);
    for (const address of paid) expect(await booked('unswept', address)).toBe('0');
    expect(await booked('unswept', small)).toBe('20');
    expect(await booked('hot_wallet', hot)).toBe(money(hotBefore).plus(185).minus(fee).toFixed());
    const [expense] = await app.db
      .select({ total: sql<string>`sum(${platformEntries.amount})::text` })
      .from(platformEntries)
      .where(
        and(
          eq(platformEntries.account, 'gas_expense'),
          eq(platformEntries.entryRef, `send:${send?.id}:mined:${send?.minedBlockHash}`),
        ),
      );
    expect(money(expense?.total ?? '0').eq(fee)).toBe(true);
    await expectReconciled();

    await confirm();
    expect((await sweepSends())[0]?.status).toBe('confirmed');
    expect((await sweepRows()).slice(0, 3).map((row) => row.status)).toEqual(['done', 'done', 'done']);
    await expectReconciled();
  });

  it('a payout with change from the consolidated outputs: the books match the chain', async () => {
    const merchant = await createMerchant(app, { password: null, autoApproveUsdt: '1000000' });
    await setBalance(app, { merchantId: merchant.id, coinName: 'DOGE', available: '100000' });
    const row = await app.db.transaction((tx) =>
      freezeWithdrawal(tx, {
        merchant,
        checked: {
          coinName: 'DOGE',
          chainId: 'DOGE',
          address: 'fake-DOGE-destination',
          amount: '150',
          fee: '1',
          total: '151',
          usdtValue: '150',
        },
        source: 'batch',
        test: false,
        now: clock.now(),
      }),
    );
    expect((await sendWithdrawal(deps(), row.id))?.status).toBe('sending');
    doge.mineSends();
    await tick();
    await expectReconciled();
    await confirm();
    expect((await findWithdrawal(app.db, row.id))?.status).toBe('completed');
    await expectReconciled();
  });

  it('a consolidation reorged after mined: its entry undone, mined again, booked once', async () => {
    const address = paid[0] ?? '';
    doge.pay(address, '52');
    await confirm();
    expect(await planSweeps({ db: app.db, now: clock.now, minimums: MINIMUMS }, doge)).toBe(2); // with the late order
    const lead = (await sweepRows()).find((row) => row.status === 'planned')?.id ?? 0;
    expect(await runSweepStep(deps(), lead)).toBe('sending');
    doge.mineSends();
    await tick();
    await expectReconciled();
    expect(await booked('unswept', address)).toBe('0');

    doge.reorg(1);
    doge.chain.mine();
    await tick();
    const send = (await sweepSends()).find((row) => row.ref === String(lead));
    expect(send?.status).toBe('pending');
    expect(await booked('unswept', address)).toBe('52');
    await expectReconciled();

    doge.mineSends();
    await tick();
    await confirm();
    expect((await sweepRows()).filter((row) => row.consolidationId === lead).map((r) => r.status)).toEqual([
      'done',
      'done',
    ]);
    expect(await booked('unswept', address)).toBe('0');
    await expectReconciled();
  });

  it('a stuck consolidation is signed again over the same inputs at a higher fee; the books take the one mined', async () => {
    const o = await order('stuck-a', '55');
    doge.pay(o.payAddress ?? '', '55');
    await confirm();
    expect(await planSweeps({ db: app.db, now: clock.now, minimums: MINIMUMS }, doge)).toBe(1);
    const lead = (await sweepRows()).find((row) => row.status === 'planned')?.id ?? 0;
    expect(await runSweepStep(deps(), lead)).toBe('sending');
    doge.chain.mine(STUCK_BLOCKS); // blocks that do not hold it
    await tick();
    const send = (await sweepSends()).find((row) => row.ref === String(lead));
    const txs = await app.db
      .select()
      .from(chainSendTxs)
      .where(eq(chainSendTxs.sendId, send?.id ?? 0))
      .orderBy(asc(chainSendTxs.id));
    expect(txs).toHaveLength(2);
    const decoded = (raw = '') =>
      JSON.parse(Buffer.from(raw, 'hex').toString()) as { intent: { amount: string }; inputs: unknown[] };
    expect(decoded(txs[1]?.raw).inputs).toEqual(decoded(txs[0]?.raw).inputs);
    expect(decoded(txs[1]?.raw).intent).toMatchObject({ amount: '55', consolidate: true });
    const feeOf = (fee: unknown) => money((fee as { fee: string }).fee);
    expect(feeOf(txs[1]?.fee).greaterThan(feeOf(txs[0]?.fee))).toBe(true);
    doge.mineSends();
    await tick();
    await confirm();
    const done = (await sweepSends()).find((row) => row.ref === String(lead));
    expect(done).toMatchObject({ status: 'confirmed', minedTxHash: txs[1]?.txHash });
    expect(money(done?.networkFee ?? '').eq(feeOf(txs[1]?.fee))).toBe(true);
    expect(await booked('unswept', o.payAddress ?? '')).toBe('0');
    await expectReconciled();
  });

  it('at most the input cap a consolidation: as many as it needs, each address whole in one', async () => {
    const a = await order('cap-a', '60');
    const b = await order('cap-b', '60');
    const c = await order('cap-c', '60');
    for (const [address, amounts] of [
      [a.payAddress ?? '', ['30', '30']],
      [b.payAddress ?? '', ['60']],
      [c.payAddress ?? '', ['20', '20', '20']],
    ] as const) {
      doge.pay(address, amounts[0] ?? '');
      for (const amount of amounts.slice(1)) doge.chain.pay(address, 'DOGE', amount, { sameBlock: true });
    }
    await tick();
    await confirm();
    const due = [a, b, c].map((o) => ({
      address: o.payAddress ?? '',
      coinName: 'DOGE',
      amount: '60',
      key: { account: 0, index: o.addressIndex ?? -1 },
    }));
    const capped = { db: app.db, now: clock.now, maxInputs: 3 };
    expect(await planConsolidations(capped, doge, due)).toBe(3);
    const rows = (await sweepRows()).filter((row) => row.status === 'planned');
    const groups = [...new Set(rows.map((row) => row.consolidationId))];
    // a (2) + b (1) fit in 3; c (3) is a second.
    expect(groups).toHaveLength(2);
    expect(rows.map((row) => row.consolidationId === groups[0])).toEqual([true, true, false]);
    for (const group of groups) expect(await runConsolidation(capped, doge, group ?? 0)).toBe('sending');
    const sends = (await sweepSends()).filter((send) => groups.map(String).includes(send.ref));
    expect(sends).toHaveLength(2);
    doge.mineSends();
    await tick();
    await confirm();
    for (const o of [a, b, c]) expect(await booked('unswept', o.payAddress ?? '')).toBe('0');
    await expectReconciled();
  });
});
