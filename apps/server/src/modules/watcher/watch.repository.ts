import { money, toDecimalString } from '@tollgate/contracts';
import { and, asc, eq, inArray, lte, ne, sql } from 'drizzle-orm';
import type { ChainTransfer, KeyPath } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import {
  applications,
  chainCursors,
  chainTransfers,
  depositAddresses,
  orders,
  watchedAddresses,
} from '../../db/schema';
import { entries, postEntry } from '../books/platform-books';
import type { OrderRow } from '../orders/order.repository';

/** The watcher's queries: cursors, watched addresses, transfers, order locks. */
export type ChainTransferRow = typeof chainTransfers.$inferSelect;

export async function readCursor(db: Executor, chainId: string): Promise<number | undefined> {
  const [row] = await db
    .select({ height: chainCursors.scannedHeight })
    .from(chainCursors)
    .where(eq(chainCursors.chainId, chainId));
  return row?.height;
}

/** The cursor, created at `initial` by whichever node gets there first. */
export async function ensureCursor(
  db: Executor,
  chainId: string,
  initial: number,
  now: Date,
): Promise<number> {
  const current = await readCursor(db, chainId);
  if (current !== undefined) return current;
  await db
    .insert(chainCursors)
    .values({ chainId, scannedHeight: initial, updatedAt: now })
    .onConflictDoNothing();
  return (await readCursor(db, chainId)) ?? initial;
}

/**
 * Claims the chain's range after `expected` by moving the cursor to `to`, in the scan's
 * transaction: the UPDATE locks the row until it ends, and matches only while the cursor is
 * still at `expected`. A node scanning the same range at once waits, then matches nothing and
 * steps aside, so a range is recorded by one node.
 */
export async function claimRange(
  tx: Executor,
  chainId: string,
  expected: number,
  to: number,
  now: Date,
): Promise<boolean> {
  const rows = await tx
    .update(chainCursors)
    .set({ scannedHeight: to, updatedAt: now })
    .where(and(eq(chainCursors.chainId, chainId), eq(chainCursors.scannedHeight, expected)))
    .returning({ chainId: chainCursors.chainId });
  return rows.length === 1;
}

/** The chain's order paid at `address`, locked until the transaction ends, with its application's public id. */
export async function lockOrderByAddress(
  tx: Executor,
  chainId: string,
  address: string,
): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select({
      order: orders,
      appId: applications.appId,
      appDeleted: sql<boolean>`${applications.deletedAt} is not null`,
    })
    .from(orders)
    .innerJoin(applications, eq(applications.id, orders.applicationId))
    .where(and(eq(orders.network, chainId), eq(orders.payAddress, address)))
    .for('update', { of: orders });
  return row;
}

/** The merchant's deposit address `address` of the chain, if it is one. */
export async function findDepositByAddress(
  tx: Executor,
  chainId: string,
  address: string,
): Promise<{ id: number; merchantId: number } | undefined> {
  const [row] = await tx
    .select({ id: depositAddresses.id, merchantId: depositAddresses.merchantId })
    .from(depositAddresses)
    .where(and(eq(depositAddresses.chainId, chainId), eq(depositAddresses.address, address)));
  return row;
}

/**
 * Records a transfer once: undefined when (chain, tx hash, log index) was already recorded (and
 * then, if a deep reorg had taken it after its credit, it is credited as it was in its new
 * block: restoreReorgedTransfer). In the same transaction the platform books receive it (modules/books: held at the address,
 * owed to no one yet), unless it is `ignored` (the platform's own wallets: the send engine
 * books those movements).
 */
export async function insertTransferIfNew(
  tx: Executor,
  transfer: ChainTransfer,
  values: {
    orderId: number | null;
    depositAddressId?: number | null;
    depositNo?: string | null;
    status: ChainTransferRow['status'];
    /** status `funding`: which of the platform's wallets it funds. */
    funding?: 'hot_wallet' | 'gas_wallet';
    now: Date;
  },
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .insert(chainTransfers)
    .values({
      chainId: transfer.chainId,
      txHash: transfer.txHash,
      logIndex: transfer.logIndex,
      fromAddress: transfer.fromAddress,
      toAddress: transfer.toAddress,
      coinName: transfer.coinName,
      amount: transfer.amount,
      blockHeight: transfer.blockHeight,
      blockHash: transfer.blockHash,
      blockTime: transfer.blockTime,
      orderId: values.orderId,
      depositAddressId: values.depositAddressId ?? null,
      depositNo: values.depositNo ?? null,
      status: values.status,
      seenAt: values.now,
    })
    .onConflictDoNothing()
    .returning({ id: chainTransfers.id });
  if (!row) {
    await restoreReorgedTransfer(tx, transfer, values.now);
    return undefined;
  }
  if (values.status === 'funding' && values.funding) {
    await postEntry(tx, {
      ref: `funding:${row.id}`,
      chainId: transfer.chainId,
      lines: entries.funded({
        coinName: transfer.coinName,
        amount: transfer.amount,
        account: values.funding,
        address: transfer.toAddress,
        blockHeight: transfer.blockHeight,
      }),
      now: values.now,
    });
  } else if (values.status !== 'ignored') {
    await postEntry(tx, {
      ref: `received:${row.id}`,
      chainId: transfer.chainId,
      lines: entries.received({
        coinName: transfer.coinName,
        amount: transfer.amount,
        address: transfer.toAddress,
        blockHeight: transfer.blockHeight,
      }),
      now: values.now,
    });
  }
  return row;
}

export interface LockedOrder {
  order: OrderRow;
  appId: string;
  /** Its application was deleted: a payment to it is `unmatched`, for the operator. */
  appDeleted?: boolean;
}

/** The order row locked until the transaction ends, with its application's public id. */
export async function lockOrder(tx: Executor, orderId: number): Promise<LockedOrder | undefined> {
  const [row] = await tx
    .select({ order: orders, appId: applications.appId })
    .from(orders)
    .innerJoin(applications, eq(applications.id, orders.applicationId))
    .where(eq(orders.id, orderId))
    .for('update', { of: orders });
  return row;
}

export async function updateOrder(
  tx: Executor,
  orderId: number,
  set: Partial<typeof orders.$inferInsert>,
): Promise<OrderRow> {
  const [row] = await tx.update(orders).set(set).where(eq(orders.id, orderId)).returning();
  if (!row) throw new Error(`order ${orderId} vanished under its lock`);
  return row;
}

/**
 * A transfer recorded, then orphaned by a reorg deeper than the confirmations after its credit
 * (`reorged`), and now mined again on the canonical chain: credited as it was, in its new block.
 * Undefined when it was not reorged.
 */
export async function restoreReorgedTransfer(
  tx: Executor,
  transfer: ChainTransfer,
  now: Date,
): Promise<{ id: number } | undefined> {
  const [row] = await tx
    .update(chainTransfers)
    .set({
      status: 'credited',
      blockHeight: transfer.blockHeight,
      blockHash: transfer.blockHash,
      blockTime: transfer.blockTime,
    })
    .where(
      and(
        eq(chainTransfers.chainId, transfer.chainId),
        eq(chainTransfers.txHash, transfer.txHash),
        eq(chainTransfers.logIndex, transfer.logIndex),
        eq(chainTransfers.status, 'reorged'),
      ),
    )
    .returning({ id: chainTransfers.id });
  if (row) {
    // Held at the address again (in its new block): the reorg's loss undone.
    const lost = entries.reorgedAfterCredit({
      coinName: transfer.coinName,
      amount: transfer.amount,
      address: transfer.toAddress,
      blockHeight: transfer.blockHeight,
    });
    await postEntry(tx, {
      ref: `restored:${row.id}:${transfer.blockHeight}`,
      chainId: transfer.chainId,
      lines: lost.map((line) => ({ ...line, amount: toDecimalString(money(line.amount).negated()) })),
      now,
    });
  }
  return row;
}

/** The chain's pass is over: every on-chain movement up to the scanned height is booked (chain:reconcile reads it). */
export async function markBooked(db: Executor, chainId: string): Promise<void> {
  await db
    .update(chainCursors)
    .set({ bookedHeight: sql`${chainCursors.scannedHeight}` })
    .where(eq(chainCursors.chainId, chainId));
}

/** Transfers with their confirmations (block at most `maxHeight`) whose order is no longer pending. */
export async function creditableTransfers(db: Executor, chainId: string, maxHeight: number) {
  return db
    .select({
      id: chainTransfers.id,
      orderId: chainTransfers.orderId,
      blockHeight: chainTransfers.blockHeight,
      blockHash: chainTransfers.blockHash,
    })
    .from(chainTransfers)
    .innerJoin(orders, eq(orders.id, chainTransfers.orderId))
    .where(
      and(
        eq(chainTransfers.chainId, chainId),
        eq(chainTransfers.status, 'confirming'),
        lte(chainTransfers.blockHeight, maxHeight),
        ne(orders.status, 'pending'),
      ),
    )
    .orderBy(asc(chainTransfers.id));
}

/**
 * Marks a waiting transfer credited, once: undefined when it was not waiting any more. Also
 * says whether other transfers of its order still wait (read under the order's lock, which
 * every change to the order's transfers holds).
 */
export async function markTransferCredited(
  tx: Executor,
  transferId: number,
  now: Date,
): Promise<{ transfer: ChainTransferRow; othersWaiting: boolean } | undefined> {
  const [row] = await tx
    .update(chainTransfers)
    .set({ status: 'credited', creditedAt: now })
    .where(and(eq(chainTransfers.id, transferId), eq(chainTransfers.status, 'confirming')))
    .returning({
      transfer: chainTransfers,
      // Spelled out: drizzle renders RETURNING columns unqualified.
      othersWaiting: sql<boolean>`exists (select 1 from chain_transfers as others where others.order_id = chain_transfers.order_id and others.status = 'confirming' and others.id <> chain_transfers.id)`,
    });
  return row;
}

/** Pending orders past their expiry, oldest first. */
export async function dueOrderIds(db: Executor, now: Date, limit: number): Promise<number[]> {
  const rows = await db
    .select({ id: orders.id })
    .from(orders)
    // Collections only: a payout has no expiry (its own statuses never include pending).
    .where(and(eq(orders.status, 'pending'), lte(orders.expiresAt, now), eq(orders.type, 'collection')))
    .orderBy(asc(orders.expiresAt))
    .limit(limit);
  return rows.map((row) => row.id);
}

/**
 * The HD key of each watched address among `addresses`: an order's (account 0, its address
 * index) or a merchant's deposit address (account 1). Addresses the platform did not issue are
 * left out; callers that spend check the derivation again.
 */
export async function keysOfWatched(
  db: Executor,
  chainId: string,
  addresses: readonly string[],
): Promise<Map<string, KeyPath>> {
  const keys = new Map<string, KeyPath>();
  if (addresses.length === 0) return keys;
  const rows = await db
    .select({
      address: watchedAddresses.address,
      orderIndex: orders.addressIndex,
      depositIndex: depositAddresses.addressIndex,
    })
    .from(watchedAddresses)
    .leftJoin(orders, eq(orders.id, watchedAddresses.orderId))
    .leftJoin(depositAddresses, eq(depositAddresses.id, watchedAddresses.depositAddressId))
    .where(and(eq(watchedAddresses.chainId, chainId), inArray(watchedAddresses.address, [...addresses])));
  for (const row of rows) {
    if (row.orderIndex !== null) keys.set(row.address, { account: 0, index: row.orderIndex });
    else if (row.depositIndex !== null) keys.set(row.address, { account: 1, index: row.depositIndex });
  }
  return keys;
}
