import { toDecimalString } from '@tollgate/contracts/money';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import {
  chainAlerts,
  chainCursors,
  chainTransfers,
  depositAddresses,
  orders,
  platformEntries,
} from '../../db/schema';
import { type BookLine, entries, postEntry } from '../books/platform-books';
import { unmineUtxosAbove } from '../chain-sends/utxos.repository';
import { decideOnReorg } from '../orders/collection-rules';
import { applyDecision } from './apply-decision';
import { deleteBlocksAbove, storedBlocksDown } from './chain-blocks.repository';
import type { TickReport, WatcherDeps } from './collection-watcher';
import { type LockedOrder, lockOrder } from './watch.repository';

/**
 * A reorg (docs/decisions/2026-12-07-chain-boundary.md, "Reading a chain"): the first block of
 * a scanned range does not sit on the stored block below it. The watcher walks down its stored
 * blocks, asking the chain for each height, to the highest one still canonical: the common
 * ancestor. Then, in one transaction that also moves the cursor back to the ancestor (only
 * while it is still where this node read it):
 * 1. the stored blocks above the ancestor are forgotten (on a UTXO chain, the outputs mined in
 *    them are no longer spendable: chain_utxos keeps them, with their locks, without a block);
 * 2. the transfers recorded in them that were not credited are dropped (a transaction mined
 *    again in the new blocks is recorded again when they are scanned);
 * 3. their orders decide again from what is left (collection-rules.ts decideOnReorg), with the
 *    collection.payment_reverted event;
 * 4. a credited one is deeper than the confirmations: it becomes `reorged`, and a `deep_reorg`
 *    chain alert lists each (order or deposit number, merchant, coin, amount, hash). Nothing is
 *    reversed and no balance moves (docs/operations/deep-reorg.md says what the operator does).
 * The scan then starts again from the ancestor. Adapter calls happen before the transaction.
 */
const UNCREDITED = ['confirming', 'ignored', 'below_minimum', 'unmatched', 'funding'] as const;

export async function rewindReorg(
  deps: WatcherDeps,
  adapter: ChainAdapter,
  cursor: number,
  report: TickReport,
): Promise<void> {
  const { db } = deps;
  const chainId = adapter.chainId;
  const stored = await storedBlocksDown(db, chainId, cursor);
  // Past every stored block, the ancestor is below what is kept: the oldest kept is orphaned too.
  let ancestor = (stored.at(-1)?.height ?? cursor + 1) - 1;
  for (const block of stored) {
    const canonical = await adapter.blockAt(block.height);
    if (canonical?.hash === block.hash) {
      ancestor = block.height;
      break;
    }
  }
  const orphanedHash = stored.find((block) => block.height === ancestor + 1)?.hash ?? 'unknown';

  await db.transaction(async (tx) => {
    const now = deps.now();
    const moved = await tx
      .update(chainCursors)
      .set({ scannedHeight: ancestor, updatedAt: now })
      .where(and(eq(chainCursors.chainId, chainId), eq(chainCursors.scannedHeight, cursor)))
      .returning({ chainId: chainCursors.chainId });
    if (moved.length === 0) return; // another node rewound or scanned meanwhile
    await deleteBlocksAbove(tx, chainId, ancestor);
    // UTXO chains: the outputs above are not spendable until a scan finds them again.
    if (adapter.sender.kind === 'utxo') await unmineUtxosAbove(tx, chainId, ancestor);
    const orphans = await tx
      .select({ id: chainTransfers.id, orderId: chainTransfers.orderId, status: chainTransfers.status })
      .from(chainTransfers)
      .where(and(eq(chainTransfers.chainId, chainId), sql`${chainTransfers.blockHeight} > ${ancestor}`));
    const ids = orphans.map((orphan) => orphan.id);
    // The orders first, in id order (a credit locks the order, then its transfer).
    const orderIds = [...new Set(orphans.flatMap((o) => (o.orderId === null ? [] : [o.orderId])))].sort(
      (a, b) => a - b,
    );
    const locked = new Map<number, LockedOrder | undefined>();
    for (const id of orderIds) locked.set(id, await lockOrder(tx, id));
    const dropped =
      ids.length === 0
        ? []
        : await tx
            .delete(chainTransfers)
            .where(and(inArray(chainTransfers.id, ids), inArray(chainTransfers.status, [...UNCREDITED])))
            .returning({
              id: chainTransfers.id,
              orderId: chainTransfers.orderId,
              status: chainTransfers.status,
              coinName: chainTransfers.coinName,
              amount: chainTransfers.amount,
              toAddress: chainTransfers.toAddress,
              blockHeight: chainTransfers.blockHeight,
            });
    const reorged =
      ids.length === 0
        ? []
        : await tx
            .update(chainTransfers)
            .set({ status: 'reorged' })
            .where(and(inArray(chainTransfers.id, ids), eq(chainTransfers.status, 'credited')))
            .returning({ id: chainTransfers.id });
    report.reorgs += 1;
    report.dropped += dropped.length;
    // The books: a dropped receipt is undone; a credited one gone is the platform's loss (it
    // stays owed to the merchant).
    for (const d of dropped) {
      if (d.status === 'ignored') continue; // never booked as received
      if (d.status === 'funding') {
        await undoEntry(tx, chainId, `funding:${d.id}`, `unfunded:${d.id}`, now);
        continue;
      }
      await postEntry(tx, {
        ref: `dropped:${d.id}`,
        chainId,
        lines: entries.dropped({ ...d, address: d.toAddress }),
        now,
      });
    }

    // Orders that lost a payment that counted decide again from what is left.
    const reverted = new Set(
      dropped.flatMap((d) => (d.orderId !== null && d.status === 'confirming' ? [d.orderId] : [])),
    );
    for (const orderId of [...reverted].sort((a, b) => a - b)) {
      const order = locked.get(orderId);
      if (!order) continue;
      const left = await tx
        .select({
          amount: chainTransfers.amount,
          txHash: chainTransfers.txHash,
          blockTime: chainTransfers.blockTime,
        })
        .from(chainTransfers)
        .where(
          and(
            eq(chainTransfers.orderId, orderId),
            inArray(chainTransfers.status, ['confirming', 'credited', 'reorged']),
            // An unmatched transfer the operator credited carries a deposit number: not a payment.
            isNull(chainTransfers.depositNo),
          ),
        )
        .orderBy(asc(chainTransfers.id));
      await applyDecision(tx, deps, order, decideOnReorg(order.order, left), now, report);
    }

    // A credited transfer gone, and an unmatched one being (or already) sent back: both are
    // money the platform counted on that the chain no longer shows.
    const returning = orphans.filter((o) => o.status === 'returning' || o.status === 'returned');
    const listed = [...reorged.map((r) => r.id), ...returning.map((r) => r.id)];
    if (listed.length > 0) {
      const rows = await tx
        .select({
          id: chainTransfers.id,
          txHash: chainTransfers.txHash,
          logIndex: chainTransfers.logIndex,
          coin: chainTransfers.coinName,
          amount: chainTransfers.amount,
          blockHeight: chainTransfers.blockHeight,
          blockHash: chainTransfers.blockHash,
          toAddress: chainTransfers.toAddress,
          orderNo: orders.orderNo,
          depositNo: chainTransfers.depositNo,
          status: chainTransfers.status,
          merchantId: sql<number>`coalesce(${orders.merchantId}, ${depositAddresses.merchantId})`.mapWith(
            Number,
          ),
        })
        .from(chainTransfers)
        .leftJoin(orders, eq(orders.id, chainTransfers.orderId))
        .leftJoin(depositAddresses, eq(depositAddresses.id, chainTransfers.depositAddressId))
        .where(inArray(chainTransfers.id, listed))
        .orderBy(asc(chainTransfers.id));
      const gone = rows.filter((t) => t.status === 'reorged');
      for (const t of gone) {
        await postEntry(tx, {
          ref: `reorged:${t.id}:${t.blockHeight}`,
          chainId,
          lines: entries.reorgedAfterCredit({ ...t, coinName: t.coin, address: t.toAddress }),
          now,
        });
      }
      await tx
        .insert(chainAlerts)
        .values({
          chainId,
          kind: 'deep_reorg',
          key: `${ancestor + 1}:${orphanedHash}`,
          detail: {
            ancestorHeight: ancestor,
            orphanedBlockHash: orphanedHash,
            credited: gone.map((t) => ({
              // A deposit, or an unmatched transfer the operator credited, carries its DP number.
              kind: t.depositNo ? 'deposit' : 'collection',
              no: t.depositNo ?? t.orderNo,
              merchantId: t.merchantId,
              coin: t.coin,
              amount: t.amount,
              txHash: t.txHash,
              logIndex: t.logIndex,
              toAddress: t.toAddress,
              blockHeight: t.blockHeight,
              blockHash: t.blockHash,
            })),
            returns: rows
              .filter((t) => t.status !== 'reorged')
              .map((t) => ({
                status: t.status,
                merchantId: t.merchantId,
                coin: t.coin,
                amount: t.amount,
                txHash: t.txHash,
                logIndex: t.logIndex,
                toAddress: t.toAddress,
                blockHeight: t.blockHeight,
              })),
          },
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing();
      report.reorged += gone.length;
      deps.log?.error(
        { chainId, ancestor, credited: gone.length, returns: rows.length - gone.length },
        'watcher: a reorg deeper than the confirmations orphaned credited or returned transfers (chain_alerts deep_reorg)',
      );
    } else {
      deps.log?.warn(
        { chainId, ancestor, dropped: dropped.length },
        'watcher: reorg, rescanning from the common ancestor',
      );
    }
  });
}

/** Posts the reverse of the entry `ref` (its lines as booked) under `undoRef`. */
async function undoEntry(
  tx: Executor,
  chainId: string,
  ref: string,
  undoRef: string,
  now: Date,
): Promise<void> {
  const booked = await tx.select().from(platformEntries).where(eq(platformEntries.entryRef, ref));
  const lines: BookLine[] = booked.map((line) => ({
    coinName: line.coinName,
    account: line.account,
    amount: toDecimalString(line.amount),
    ...(line.address === null ? {} : { address: line.address }),
    ...(line.blockHeight === null ? {} : { blockHeight: line.blockHeight }),
  }));
  await postEntry(tx, { ref: undoRef, chainId, lines: entries.undo(lines), now });
}
