import { money } from '@tollgate/contracts';
import { and, asc, eq, isNotNull, lte } from 'drizzle-orm';
import type { ChainTransfer } from '../../chains/chain-adapter';
import type { Database, Executor } from '../../db/client';
import { chainTransfers, depositAddresses } from '../../db/schema';
import type { Clock } from '../../types';
import { entries, postEntry } from '../books/platform-books';
import { postFundRecord } from '../ledger/post-fund-record';
import { newDepositNo } from '../orders/order-number';
import { insertTransferIfNew } from '../watcher/watch.repository';

/**
 * The watcher's deposit half (modules/watcher/collection-watcher.ts calls it): a transfer to a
 * merchant's own deposit address is recorded once, like a collection's, then
 * - from the platform's own hot or gas wallet (a sweep's gas top-up) it is `ignored`;
 * - a coin the chain does not carry for deposits is `unmatched` (the operator's queue);
 * - less than the coin's minDepositAmount is `below_minimum`: recorded, shown, never credited;
 * - otherwise `confirming`, and once it has the chain's confirmations it is credited in one
 *   transaction: the transfer marked `credited` (only while still confirming, so once) and a
 *   `deposit` fund record adding the whole amount to available (deposits carry no fee). Just
 *   before, the chain is asked whether the transfer's block is still the canonical one at its
 *   height; if not, the credit waits (the next scan finds the reorg and drops the transfer).
 * A deposit gets its platform number (`DP…`) when recorded; its fund record carries it.
 */
export interface WatchedDeposit {
  id: number;
  merchantId: number;
}

export async function recordDeposit(
  tx: Executor,
  transfer: ChainTransfer,
  deposit: WatchedDeposit,
  minimums: ReadonlyMap<string, string>,
  now: Date,
  fromPlatform = false,
): Promise<boolean> {
  const min = minimums.get(transfer.coinName);
  const status = fromPlatform
    ? 'ignored'
    : min === undefined
      ? 'unmatched'
      : money(transfer.amount).lessThan(min)
        ? 'below_minimum'
        : 'confirming';
  const recorded = await insertTransferIfNew(tx, transfer, {
    orderId: null,
    depositAddressId: deposit.id,
    depositNo: status === 'ignored' ? null : newDepositNo(now),
    status,
    now,
  });
  return recorded !== undefined;
}

/** Deposits with their confirmations (block at most `maxHeight`) still waiting to be credited. */
function creditableDeposits(db: Executor, chainId: string, maxHeight: number) {
  return db
    .select({
      id: chainTransfers.id,
      merchantId: depositAddresses.merchantId,
      blockHeight: chainTransfers.blockHeight,
      blockHash: chainTransfers.blockHash,
    })
    .from(chainTransfers)
    .innerJoin(depositAddresses, eq(depositAddresses.id, chainTransfers.depositAddressId))
    .where(
      and(
        eq(chainTransfers.chainId, chainId),
        eq(chainTransfers.status, 'confirming'),
        isNotNull(chainTransfers.depositAddressId),
        lte(chainTransfers.blockHeight, maxHeight),
      ),
    )
    .orderBy(asc(chainTransfers.id));
}

/**
 * Credits every confirmed deposit of the chain whose block `isCanonical` still confirms (asked
 * before the transaction: the adapter is never called inside one); returns how many.
 */
export async function creditConfirmedDeposits(
  deps: { db: Database; now: Clock },
  chainId: string,
  maxHeight: number,
  isCanonical: (height: number, hash: string | null) => Promise<boolean>,
): Promise<number> {
  let credited = 0;
  for (const candidate of await creditableDeposits(deps.db, chainId, maxHeight)) {
    if (!(await isCanonical(candidate.blockHeight, candidate.blockHash))) continue;
    await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [transfer] = await tx
        .update(chainTransfers)
        .set({ status: 'credited', creditedAt: now })
        .where(and(eq(chainTransfers.id, candidate.id), eq(chainTransfers.status, 'confirming')))
        .returning();
      if (!transfer) return; // credited by another node meanwhile
      await postFundRecord(tx, {
        merchantId: candidate.merchantId,
        currency: transfer.coinName,
        type: 'deposit',
        bucket: 'available',
        change: transfer.amount,
        amount: transfer.amount,
        fee: '0',
        orderNo: transfer.depositNo,
        txHash: transfer.txHash,
        address: transfer.toAddress,
        network: transfer.chainId,
        status: 'completed',
        now,
      });
      await postEntry(tx, {
        ref: `credit:${transfer.id}`,
        chainId: transfer.chainId,
        lines: entries.credited({ coinName: transfer.coinName, amount: transfer.amount, fee: '0' }),
        now,
      });
      credited += 1;
    });
  }
  return credited;
}
