import type { FastifyBaseLogger } from 'fastify';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { Database, Executor } from '../../db/client';
import type { Clock } from '../../types';
import { depositAddressesOfChain, depositMinimumsOfChain } from '../assets/deposit.repository';
import { creditConfirmedDeposits, recordDeposit } from '../assets/deposit-watch';
import { watchWithdrawals } from '../assets/withdrawal-watch';
import { type CollectionRate, collectionFee, loadCollectionRate } from '../ledger/collection-fee';
import { postFundRecord } from '../ledger/post-fund-record';
import { completionDelta, type DailyStatDelta } from '../reports/daily-stats';
import {
  decideOnCredit,
  decideOnExpiry,
  decideOnPayment,
  isDue,
  type OrderDecision,
} from './collection-rules';
import type { OrderRow } from './order.repository';
import { type OrderEventContext, writeOrderEvent } from './order-events';
import {
  claimRange,
  creditableTransfers,
  dueOrderIds,
  ensureCursor,
  insertTransferIfNew,
  type LockedOrder,
  lockOrder,
  lockOrderByAddress,
  markTransferCredited,
  updateOrder,
  watchedAddresses,
} from './watch.repository';

/**
 * One pass of the collection watcher (collection-rules.ts says what each step decides):
 * 1. expire the pending orders past their time, one transaction each;
 * 2. per enabled chain, scan the blocks after the chain's cursor up to the head for transfers
 *    to watched addresses; in one transaction that claims the range by moving the cursor
 *    (locked, and only while still where this node read it: with several nodes, one scan
 *    counts), record each transfer once (unique chain + tx hash + log index) and attribute it
 *    to the order of its address under the order's row lock;
 * 3. per chain, credit each transfer that has its confirmations and whose order is no longer
 *    pending: one transaction each with the fund record, the order's change and its event;
 *    then each confirmed transfer to a merchant's deposit address (assets/deposit-watch.ts);
 * 4. per chain, send the processing withdrawals left unsent and follow the open sends (mined,
 *    confirmed or reverted, stuck, dropped) through chain-sends (assets/withdrawal-watch.ts).
 * The adapter is never called inside a transaction: the devnet adapter queries the database
 * itself, and PGlite has one connection.
 */
export interface WatcherDeps {
  db: Database;
  now: Clock;
  chains: { enabled(): ChainAdapter[] };
  events: OrderEventContext;
  log?: FastifyBaseLogger | undefined;
  /** SEND_STUCK_BLOCKS (chain-config.ts): a send unmined this many blocks after its signing is replaced. */
  sendStuckBlocks?: number | undefined;
}

export interface TickReport {
  expired: number;
  recorded: number;
  credited: number;
  /** Withdrawals completed or failed on chain. */
  settled: number;
  /** Callback events written: the caller wakes the job worker when any. */
  events: number;
}

const MAX_BLOCKS_PER_SCAN = 500;
const EXPIRE_BATCH = 200;

export async function runWatcherTick(deps: WatcherDeps): Promise<TickReport> {
  const report: TickReport = { expired: 0, recorded: 0, credited: 0, settled: 0, events: 0 };
  const failures: unknown[] = [];
  await expireDueOrders(deps, report).catch((error: unknown) => failures.push(error));
  for (const adapter of deps.chains.enabled()) {
    try {
      await scanChain(deps, adapter, report);
      await creditConfirmed(deps, adapter, report);
      report.settled += await watchWithdrawals(deps, adapter);
    } catch (error) {
      // One chain's trouble (a node down) must not hold up the others.
      deps.log?.error({ err: error, chainId: adapter.chainId }, 'watcher: chain pass failed');
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'watcher: a pass failed');
  return report;
}

/** Applies a decision to the locked order and writes its event; returns the order after it. */
/**
 * What a credit adds to the collection report: the order's completion (its amount and its fee
 * with this credit's), or, on an order completed before, this credit's fee on its completion day.
 */
function collectionStats(order: OrderRow, decision: OrderDecision, fee: string): DailyStatDelta[] {
  const completedAt = decision.set.completedAt ?? (order.status === 'completed' ? order.completedAt : null);
  if (!completedAt) return [];
  const completing = decision.set.status === 'completed';
  const delta = completionDelta({
    merchantId: order.merchantId,
    kind: 'collection',
    coin: order.currency,
    amount: completing ? order.amount : '0',
    fee: completing ? (decision.set.fee ?? order.fee) : fee,
    at: completedAt,
  });
  return [completing ? delta : { ...delta, count: 0 }];
}

async function apply(
  tx: Executor,
  deps: WatcherDeps,
  locked: LockedOrder,
  decision: OrderDecision,
  now: Date,
  report: TickReport,
): Promise<OrderRow> {
  const order = await updateOrder(tx, locked.order.id, { ...decision.set, updatedAt: now });
  if (decision.event) {
    await writeOrderEvent(tx, deps.events, { order, appId: locked.appId, type: decision.event, now });
    report.events += 1;
  }
  return order;
}

export async function expireDueOrders(deps: WatcherDeps, report: TickReport): Promise<void> {
  for (;;) {
    const ids = await dueOrderIds(deps.db, deps.now(), EXPIRE_BATCH);
    for (const id of ids) {
      await deps.db.transaction(async (tx) => {
        const now = deps.now();
        const locked = await lockOrder(tx, id);
        const decision = locked && decideOnExpiry(locked.order, now);
        if (!locked || !decision) return; // paid or expired meanwhile
        await apply(tx, deps, locked, decision, now, report);
        report.expired += 1;
      });
    }
    if (ids.length < EXPIRE_BATCH) return;
  }
}

export async function scanChain(deps: WatcherDeps, adapter: ChainAdapter, report: TickReport): Promise<void> {
  const { db, now } = deps;
  const chainId = adapter.chainId;
  // Head first, then the watched addresses: an order paid in a block up to this head existed
  // before its payment, so its address is in the set read after.
  const head = await adapter.headHeight();
  // Devnet chains are scanned from their genesis; a live chain from where it is when first seen.
  const from = (await ensureCursor(db, chainId, adapter.mode === 'devnet' ? -1 : head, now())) + 1;
  if (head < from) return;
  const to = Math.min(head, from + MAX_BLOCKS_PER_SCAN - 1);
  const watched = await watchedAddresses(db, chainId, now());
  // Merchants' own deposit addresses (account 1) never equal an order's (account 0).
  const deposits = await depositAddressesOfChain(db, chainId);
  for (const address of deposits.keys()) watched.add(address);
  const minimums = deposits.size > 0 ? await depositMinimumsOfChain(db, chainId) : new Map<string, string>();
  const transfers = watched.size === 0 ? [] : await adapter.scanTransfers(from, to, watched);
  if (transfers.length === 0) {
    await claimRange(db, chainId, from - 1, to, now()); // nothing to record: just move on
    return;
  }

  await db.transaction(async (tx) => {
    if (!(await claimRange(tx, chainId, from - 1, to, now()))) return; // another node has this range
    for (const transfer of transfers) {
      const time = now();
      const deposit = deposits.get(transfer.toAddress);
      if (deposit) {
        if (await recordDeposit(tx, transfer, deposit, minimums, time)) report.recorded += 1;
        continue;
      }
      const locked = await lockOrderByAddress(tx, chainId, transfer.toAddress);
      const counts = locked !== undefined && transfer.coinName === locked.order.currency;
      const recorded = await insertTransferIfNew(tx, transfer, {
        orderId: locked?.order.id ?? null,
        status: counts ? 'confirming' : 'ignored',
        now: time,
      });
      if (!recorded) continue; // seen before: each chain transfer counts once
      report.recorded += 1;
      if (!locked || !counts) continue; // another coin to the address is kept, not credited
      let order = locked.order;
      if (isDue(order, time)) {
        const expiry = decideOnExpiry(order, time);
        if (expiry) order = await apply(tx, deps, locked, expiry, time, report);
      }
      const payment = decideOnPayment(order, { amount: transfer.amount, txHash: transfer.txHash }, time);
      await apply(tx, deps, { order, appId: locked.appId }, payment, time, report);
    }
  });
}

export async function creditConfirmed(
  deps: WatcherDeps,
  adapter: ChainAdapter,
  report: TickReport,
): Promise<void> {
  const head = await adapter.headHeight();
  // Confirmations of a transfer in block h: head − h + 1.
  const maxHeight = head - adapter.confirmations + 1;
  // Rates read once per pass and coin (they change rarely; a pass is short).
  const rates = new Map<string, CollectionRate>();
  for (const candidate of await creditableTransfers(deps.db, adapter.chainId, maxHeight)) {
    if (candidate.orderId === null) continue;
    const orderId = candidate.orderId;
    await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const locked = await lockOrder(tx, orderId);
      if (!locked || locked.order.status === 'pending') return;
      const marked = await markTransferCredited(tx, candidate.id, now);
      if (!marked) return; // credited by another node meanwhile
      const { transfer, othersWaiting } = marked;
      let rate = rates.get(transfer.coinName);
      if (!rate) {
        rate = await loadCollectionRate(tx, transfer.chainId, transfer.coinName);
        rates.set(transfer.coinName, rate);
      }
      const { fee, credit } = collectionFee(rate, transfer.amount);
      const decision = decideOnCredit(locked.order, fee, othersWaiting, now);
      await postFundRecord(
        tx,
        {
          merchantId: locked.order.merchantId,
          currency: locked.order.currency,
          type: 'collection',
          bucket: 'available',
          change: credit,
          amount: transfer.amount,
          fee,
          orderNo: locked.order.orderNo,
          txHash: transfer.txHash,
          address: transfer.toAddress,
          network: transfer.chainId,
          status: 'completed',
          now,
        },
        collectionStats(locked.order, decision, fee),
      );
      await apply(tx, deps, locked, decision, now, report);
      report.credited += 1;
    });
  }
  report.credited += await creditConfirmedDeposits(deps, adapter.chainId, maxHeight);
}
