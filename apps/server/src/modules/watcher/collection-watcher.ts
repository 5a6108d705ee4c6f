import type { FastifyBaseLogger } from 'fastify';
import { type ChainAdapter, firstScanHeight, GAS_WALLET, HOT_WALLET } from '../../chains/chain-adapter';
import { ScanRaceError } from '../../chains/evm/evm-adapter';
import type { Database } from '../../db/client';
import type { Clock } from '../../types';
import { depositMinimumsOfChain } from '../assets/deposit.repository';
import { recordDeposit } from '../assets/deposit-watch';
import { watchWithdrawals } from '../assets/withdrawal-watch';
import { reconcileChain } from '../books/reconcile';
import { raiseAlert, resolveAlert } from '../chain-sends/chain-sends.repository';
import { decideOnExpiry, decideOnPayment, isDue } from '../orders/collection-rules';
import type { OrderEventContext } from '../orders/order-events';
import { planSweeps } from '../sweeps/plan-sweeps';
import { applyDecision } from './apply-decision';
import { keptBlocks, storeBlocks, storedBlock } from './chain-blocks.repository';
import { holdLease, leaseName } from './chain-lease';
import { creditConfirmed } from './credit-confirmed';
import { recordOutputs } from './record-outputs';
import { rewindReorg } from './reorg';
import {
  claimRange,
  dueOrderIds,
  ensureCursor,
  findDepositByAddress,
  insertTransferIfNew,
  lockOrder,
  lockOrderByAddress,
  markBooked,
} from './watch.repository';
import type { WatchedSets } from './watched-set';

/**
 * One pass of the chain watcher (collection-rules.ts says what each step decides):
 * 1. per enabled chain whose lease this node holds (chain-lease.ts: one node scans, credits and
 *    sends for a chain), scan the blocks after the chain's cursor up to the head against the
 *    watched set (every address ever issued, watched-set.ts). A first block that does not sit
 *    on the stored block below it is a reorg (reorg.ts): rewind to the common ancestor, then
 *    scan again. Otherwise, in one transaction that claims the range by moving the cursor
 *    (locked, and only while still where this node read it), store the range's latest blocks
 *    (chain_blocks), record each transfer once (unique chain + tx hash + log index) and
 *    attribute it to the order of its address under the order's row lock, judging lateness
 *    by the block's time, or to a merchant's deposit address (assets/deposit-watch.ts); on a
 *    UTXO chain, record the outputs the platform can spend (record-outputs.ts);
 * 2. expire the pending orders past their time, one transaction each (any node);
 * 3. per chain held, credit each transfer that has its confirmations and whose order is no
 *    longer pending, once the chain confirms its block is still the canonical one at its
 *    height: one transaction each with the fund record, the order's change and its event;
 *    then the confirmed deposits the same way;
 * 4. per chain held, follow the open sends (mined, confirmed or reverted, stuck, dropped) and
 *    send the processing withdrawals left unsent, through chain-sends
 *    (assets/withdrawal-watch.ts).
 * The adapter is never called inside a transaction: the devnet adapter queries the database
 * itself, and PGlite has one connection.
 */
export interface WatcherNode {
  /** This process's lease holder id (chain-lease.ts newLeaseHolder). */
  holder: string;
  /** How long a lease lasts unless renewed (WATCHER_LEASE_MS). */
  leaseMs: number;
  /** The watched addresses of every chain, in memory (watched-set.ts). */
  watched: WatchedSets;
  /** When this node last planned each chain's sweeps (ms since the epoch). */
  sweepsPlannedAt?: Map<string, number>;
  /** When this node last reconciled each chain (ms since the epoch). */
  reconciledAt?: Map<string, number>;
}

export interface WatcherDeps {
  db: Database;
  now: Clock;
  chains: { enabled(): ChainAdapter[] };
  events: OrderEventContext;
  node: WatcherNode;
  log?: FastifyBaseLogger | undefined;
  /** SEND_STUCK_BLOCKS (chain-config.ts): a send unmined this many blocks after its signing is replaced. */
  sendStuckBlocks?: number | undefined;
  /**
   * Sweeps (modules/sweeps): planned after a chain's pass, at most every `everyMs`, live chains
   * only (the devnet's addresses are never swept: its money is simulated). Off when unset.
   */
  sweeps?: { minimums: Readonly<Record<string, string>>; everyMs: number } | undefined;
  /**
   * The periodic chain:reconcile of live chains (modules/books/reconcile.ts), at most every
   * `everyMs`: a difference raises a `reconcile_difference` alert per coin, a clean run resolves
   * them. Off when unset.
   */
  reconcile?: { everyMs: number } | undefined;
}

export interface TickReport {
  expired: number;
  recorded: number;
  credited: number;
  /** Withdrawals completed or failed on chain. */
  settled: number;
  /** Callback events written: the caller wakes the job worker when any. */
  events: number;
  /** Chains this node scanned this pass (those whose lease it holds). */
  scanned: number;
  /** Reorgs found and rewound. */
  reorgs: number;
  /** Uncredited transfers dropped by reorgs. */
  dropped: number;
  /** Credited transfers orphaned by a reorg deeper than the confirmations (each in a deep_reorg alert). */
  reorged: number;
  /** Credits put off because the transfer's block is no longer the canonical one. */
  held: number;
}

export { creditConfirmed };

export const emptyReport = (): TickReport => ({
  expired: 0,
  recorded: 0,
  credited: 0,
  settled: 0,
  events: 0,
  scanned: 0,
  reorgs: 0,
  dropped: 0,
  reorged: 0,
  held: 0,
});

const MAX_BLOCKS_PER_SCAN = 500;
const EXPIRE_BATCH = 200;
/** A pass rewinds at most this many reorgs of one chain before leaving the rest to the next. */
const MAX_REWINDS_PER_PASS = 4;

export async function runWatcherTick(deps: WatcherDeps): Promise<TickReport> {
  const report = emptyReport();
  const failures: unknown[] = [];
  const held: ChainAdapter[] = [];
  for (const adapter of deps.chains.enabled()) {
    try {
      const { db, node } = deps;
      if (!(await holdLease(db, leaseName(adapter.chainId), node.holder, deps.now(), node.leaseMs))) continue;
      held.push(adapter);
      report.scanned += 1;
      await scanChain(deps, adapter, report);
      await resolveAlert(db, { chainId: adapter.chainId, kind: 'rpc_down', key: 'node', now: deps.now() });
    } catch (error) {
      // One chain's trouble (a node down) must not hold up the others; the operator sees it.
      deps.log?.error({ err: error, chainId: adapter.chainId }, 'watcher: chain scan failed');
      failures.push(error);
      // A range that changed while it was read is read again next pass: not the node's fault.
      if (error instanceof ScanRaceError) continue;
      await raiseAlert(deps.db, {
        chainId: adapter.chainId,
        kind: 'rpc_down',
        key: 'node',
        detail: { message: error instanceof Error ? error.message.slice(0, 300) : String(error) },
        now: deps.now(),
      }).catch(() => undefined);
    }
  }
  // After the scans: a payment already in a block is seen before its order's expiry is decided.
  await expireDueOrders(deps, report).catch((error: unknown) => failures.push(error));
  for (const adapter of held) {
    try {
      await creditConfirmed(deps, adapter, report);
      report.settled += await watchWithdrawals(deps, adapter);
      await markBooked(deps.db, adapter.chainId);
      if ((await planSweepsWhenDue(deps, adapter)) > 0) report.events += 1;
      await reconcileWhenDue(deps, adapter);
    } catch (error) {
      deps.log?.error({ err: error, chainId: adapter.chainId }, 'watcher: chain pass failed');
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, 'watcher: a pass failed');
  return report;
}

/** The chain's sweeps, planned when SWEEP_INTERVAL_MS has passed since this node last did. */
async function planSweepsWhenDue(deps: WatcherDeps, adapter: ChainAdapter): Promise<number> {
  if (!deps.sweeps || adapter.mode !== 'live') return 0;
  deps.node.sweepsPlannedAt ??= new Map();
  const plannedAt = deps.node.sweepsPlannedAt;
  const now = deps.now().getTime();
  if (now - (plannedAt.get(adapter.chainId) ?? 0) < deps.sweeps.everyMs) return 0;
  plannedAt.set(adapter.chainId, now);
  return planSweeps({ db: deps.db, now: deps.now, minimums: deps.sweeps.minimums }, adapter);
}

/** chain:reconcile of a live chain when its interval has passed; its alerts follow the result. */
async function reconcileWhenDue(deps: WatcherDeps, adapter: ChainAdapter): Promise<void> {
  if (!deps.reconcile || adapter.mode !== 'live') return;
  deps.node.reconciledAt ??= new Map();
  const reconciledAt = deps.node.reconciledAt;
  const now = deps.now().getTime();
  if (now - (reconciledAt.get(adapter.chainId) ?? 0) < deps.reconcile.everyMs) return;
  reconciledAt.set(adapter.chainId, now);
  for (const row of await reconcileChain(deps.db, adapter)) {
    const alert = {
      chainId: adapter.chainId,
      kind: 'reconcile_difference' as const,
      key: row.coinName,
      now: deps.now(),
    };
    if (row.differences.length === 0) {
      await resolveAlert(deps.db, alert);
      continue;
    }
    const detail = {
      height: row.height,
      onChain: row.onChain,
      booked: row.booked,
      addresses: row.differences,
    };
    await raiseAlert(deps.db, { ...alert, detail });
    deps.log?.error(
      { chainId: adapter.chainId, coinName: row.coinName, ...detail },
      'chain:reconcile: the books differ from the chain',
    );
  }
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
        await applyDecision(tx, deps, locked, decision, now, report);
        report.expired += 1;
      });
    }
    if (ids.length < EXPIRE_BATCH) return;
  }
}

export async function scanChain(deps: WatcherDeps, adapter: ChainAdapter, report: TickReport): Promise<void> {
  for (let rewinds = 0; ; rewinds += 1) {
    const reorg = await scanRange(deps, adapter, report);
    if (reorg === null) return;
    if (rewinds === MAX_REWINDS_PER_PASS) return; // the chain is unsettled: the next pass goes on
    await rewindReorg(deps, adapter, reorg, report);
  }
}

/**
 * Scans the next range and records it; returns the cursor when the range does not sit on the
 * stored block at the cursor (a reorg to rewind), else null.
 */
async function scanRange(
  deps: WatcherDeps,
  adapter: ChainAdapter,
  report: TickReport,
): Promise<number | null> {
  const { db, now } = deps;
  const chainId = adapter.chainId;
  // Head first, then the watched addresses: an order paid in a block up to this head existed
  // before its payment, so its address is in the set read after.
  const head = await adapter.headHeight();
  // Devnet chains are scanned from their genesis; a live chain from START_BLOCK_<CHAIN>, else
  // from its head when first seen (firstScanHeight). The cursor is the last height scanned.
  const first =
    adapter.mode === 'devnet'
      ? 0
      : await firstScanHeight({ startBlock: adapter.startBlock, headHeight: async () => head });
  const cursor = await ensureCursor(db, chainId, first - 1, now());
  const from = cursor + 1;
  if (head < from) return null;
  const to = Math.min(head, from + MAX_BLOCKS_PER_SCAN - 1);
  await deps.node.watched.refresh(db, now());
  const range = await adapter.scan(from, to, deps.node.watched.of(chainId));
  const bottom = range.blocks[0];
  if (!bottom || bottom.height !== from) return null; // the node has not got the range (yet)
  const below = cursor >= 0 ? await storedBlock(db, chainId, cursor) : undefined;
  if (below && below.hash !== bottom.parentHash) return cursor;
  // A range read while the chain reorganized does not hold together: read it again next pass.
  for (let i = 1; i < range.blocks.length; i += 1) {
    if (range.blocks[i]?.parentHash !== range.blocks[i - 1]?.hash) return null;
  }
  const last = range.blocks.at(-1)?.height ?? to;
  // The platform's own wallets send gas to order and deposit addresses (sweeps): not a payment.
  const hotWallet = adapter.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  const platform = new Set([hotWallet, adapter.deriveAddress(GAS_WALLET.index, GAS_WALLET.account)]);
  const minimums =
    range.transfers.length > 0 ? await depositMinimumsOfChain(db, chainId) : new Map<string, string>();

  await db.transaction(async (tx) => {
    if (!(await claimRange(tx, chainId, cursor, last, now()))) return; // another node has this range
    await storeBlocks(tx, chainId, range.blocks, keptBlocks(adapter.confirmations));
    // UTXO chains: the outputs the platform can spend (chain_utxos), whatever each transfer is.
    await recordOutputs(tx, adapter, range.transfers, now());
    for (const transfer of range.transfers) {
      const time = now();
      const fromPlatform = platform.has(transfer.fromAddress);
      const locked = await lockOrderByAddress(tx, chainId, transfer.toAddress);
      if (!locked) {
        const deposit = await findDepositByAddress(tx, chainId, transfer.toAddress);
        if (deposit) {
          if (await recordDeposit(tx, transfer, deposit, minimums, time, fromPlatform)) report.recorded += 1;
        } else if (platform.has(transfer.toAddress)) {
          // Coin sent to the hot or gas wallet: from outside, the operator funding it (booked as
          // such); from any platform address (a sweep, the other wallet), a move its send books.
          const funding = transfer.toAddress === hotWallet ? 'hot_wallet' : 'gas_wallet';
          const own = fromPlatform || deps.node.watched.of(chainId).has(transfer.fromAddress);
          const status = own ? 'ignored' : 'funding';
          if (await insertTransferIfNew(tx, transfer, { orderId: null, status, funding, now: time })) {
            report.recorded += 1;
          }
        } else if (
          await insertTransferIfNew(tx, transfer, { orderId: null, status: 'unmatched', now: time })
        ) {
          report.recorded += 1; // watched, yet neither an order's nor a deposit address
        }
        continue;
      }
      // A known coin other than the order's, or a payment to a deleted application's order:
      // no rule credits it; the operator's Unmatched transfers page does, or returns it.
      const counts = !fromPlatform && !locked.appDeleted && transfer.coinName === locked.order.currency;
      const status = fromPlatform ? 'ignored' : counts ? 'confirming' : 'unmatched';
      const recorded = await insertTransferIfNew(tx, transfer, {
        orderId: locked.order.id,
        status,
        now: time,
      });
      // Seen before: each chain transfer counts once (one a deep reorg took is back in its new block).
      if (!recorded) continue;
      report.recorded += 1;
      if (!counts) continue;
      let order = locked.order;
      // Lateness is the block's time, not the watcher's clock.
      if (isDue(order, transfer.blockTime)) {
        const expiry = decideOnExpiry(order, transfer.blockTime);
        if (expiry) order = await applyDecision(tx, deps, locked, expiry, time, report);
      }
      const payment = decideOnPayment(order, transfer, time);
      await applyDecision(tx, deps, { order, appId: locked.appId }, payment, time, report);
    }
  });
  return null;
}
