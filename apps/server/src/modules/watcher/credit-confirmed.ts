import type { ChainAdapter } from '../../chains/chain-adapter';
import { creditConfirmedDeposits } from '../assets/deposit-watch';
import { entries, postEntry } from '../books/platform-books';
import { type CollectionRate, collectionFee, loadCollectionRate } from '../ledger/collection-fee';
import { postFundRecord } from '../ledger/post-fund-record';
import { decideOnCredit, type OrderDecision } from '../orders/collection-rules';
import type { OrderRow } from '../orders/order.repository';
import { completionDelta, type DailyStatDelta } from '../reports/daily-stats';
import { applyDecision } from './apply-decision';
import type { TickReport, WatcherDeps } from './collection-watcher';
import { creditableTransfers, lockOrder, markTransferCredited } from './watch.repository';

/**
 * The watcher's credits, per chain held (collection-watcher.ts step 3): each transfer with its
 * confirmations whose order is no longer pending, then each confirmed deposit, once the chain
 * confirms, just before, that the transfer's block is still the canonical one at its height.
 * One transaction per credit: the fund record (ledger/post-fund-record.ts), the order's change
 * and its event.
 */
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

/**
 * Whether the chain's block at `height` is still the one with `hash`, asked once per height and
 * pass. A transfer recorded before blocks had hashes (null) is taken as it is.
 */
function canonicalCheck(adapter: ChainAdapter): (height: number, hash: string | null) => Promise<boolean> {
  const hashes = new Map<number, Promise<string | undefined>>();
  return async (height, hash) => {
    if (hash === null) return true;
    let known = hashes.get(height);
    if (!known) {
      known = adapter.blockAt(height).then((block) => block?.hash);
      hashes.set(height, known);
    }
    return (await known) === hash;
  };
}

export async function creditConfirmed(
  deps: WatcherDeps,
  adapter: ChainAdapter,
  report: TickReport,
): Promise<void> {
  const head = await adapter.headHeight();
  // Confirmations of a transfer in block h: head − h + 1.
  const maxHeight = head - adapter.confirmations + 1;
  const isCanonical = canonicalCheck(adapter);
  // Rates read once per pass and coin (they change rarely; a pass is short).
  const rates = new Map<string, CollectionRate>();
  for (const candidate of await creditableTransfers(deps.db, adapter.chainId, maxHeight)) {
    if (candidate.orderId === null) continue;
    // Just before the credit: its block must still be the chain's at that height. If not, the
    // credit waits; the next scan finds the reorg and drops the transfer.
    if (!(await isCanonical(candidate.blockHeight, candidate.blockHash))) {
      report.held += 1;
      continue;
    }
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
      await postEntry(tx, {
        ref: `credit:${transfer.id}`,
        chainId: transfer.chainId,
        lines: entries.credited({ coinName: transfer.coinName, amount: transfer.amount, fee }),
        now,
      });
      await applyDecision(tx, deps, locked, decision, now, report);
      report.credited += 1;
    });
  }
  report.credited += await creditConfirmedDeposits(deps, adapter.chainId, maxHeight, async (height, hash) => {
    const ok = await isCanonical(height, hash);
    if (!ok) report.held += 1;
    return ok;
  });
}
