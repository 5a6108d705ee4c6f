import type { orderPageBody } from '@tollgate/contracts';
import { and, asc, desc, eq, gte, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { searchableAddress, searchableTxHash } from '../../chains/addresses';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { applications, chainTransfers, orders, withdrawals } from '../../db/schema';
import { countWithin, windowedPage } from '../../lib/records-window';
import type { OrderRow } from './order.repository';

/** The records queries: a merchant's orders filtered and paged, one order with its transfers. */
export type OrderFilters = Omit<z.output<typeof orderPageBody>, 'pageNo' | 'pageSize' | 'merchantId'>;

export interface OrderRecordRow {
  order: OrderRow;
  appId: string;
  appName: string;
  /** A payout's destination (its withdrawal's address); null for a collection. */
  toAddress: string | null;
}

/** One order for its detail: a payout's withdrawal too (null for a collection). */
export interface OrderDetailRow extends OrderRecordRow {
  /** Where the order's notifications go when it names no callback URL of its own. */
  appCallbackUrl: string | null;
  withdrawal: {
    withdrawalNo: string;
    status: (typeof withdrawals.$inferSelect)['status'];
    reason: string | null;
    reviewedAt: Date | null;
    sentAt: Date | null;
    finishedAt: Date | null;
  } | null;
}

/** `%`, `_` and `\` typed by the user are matched as themselves in ILIKE. */

/**
 * The list call's filters as conditions (the exports read the same rows). They name the orders
 * table only, so the count needs no join; the joined filters are sets of ids read through
 * their own indexes (`= any(array(…))` lets PostgreSQL OR them with the orders' own index; the
 * applications' `in (…)` ends at once when no name matches).
 */
export function orderRecordConditions(merchantId: number, f: OrderFilters): SQL[] {
  const where: (SQL | undefined)[] = [
    eq(orders.merchantId, merchantId),
    eq(orders.type, f.type),
    f.currency ? eq(orders.currency, f.currency) : undefined,
    f.amountMin ? gte(orders.amount, f.amountMin) : undefined,
    f.amountMax ? lte(orders.amount, f.amountMax) : undefined,
    f.createdFrom ? gte(orders.createdAt, new Date(f.createdFrom)) : undefined,
    f.createdTo ? lt(orders.createdAt, new Date(f.createdTo)) : undefined,
    f.arrivedFrom ? gte(orders.arrivedAt, new Date(f.arrivedFrom)) : undefined,
    f.arrivedTo ? lt(orders.arrivedAt, new Date(f.arrivedTo)) : undefined,
    f.status ? eq(orders.status, f.status) : undefined,
    // A collection's own address, or a payout's destination (its withdrawal's address); an EVM
    // address in any case, a hash in either case (chains/addresses.ts searchable…).
    f.payAddress ? payAddressCondition(merchantId, searchableAddress(f.payAddress)) : undefined,
    f.merchantOrderNo ? eq(orders.merchantOrderNo, f.merchantOrderNo) : undefined,
    f.orderNo ? eq(orders.orderNo, f.orderNo) : undefined,
    f.appName
      ? sql`${orders.applicationId} in (select a.id from ${applications} a where a.merchant_id = ${merchantId} and a.name ilike ${containsPattern(f.appName)})`
      : undefined,
    // Any transfer to the order, not only the first one the order shows.
    f.txHash ? txHashCondition(searchableTxHash(f.txHash)) : undefined,
  ];
  return where.filter((c): c is SQL => c !== undefined);
}

/**
 * `address` is in the stored form for a collection's own address (EVM ones checksummed:
 * searchableAddress). A payout's destination is stored as the shop sent it, an EVM one possibly
 * in lower case: an 0x address matches it in any case.
 */
const payAddressCondition = (merchant: number, address: string) =>
  or(
    eq(orders.payAddress, address),
    sql`${orders.id} = any(array(select w.order_id from ${withdrawals} w where w.merchant_id = ${merchant} and (w.address = ${address} or (left(${address}, 2) = '0x' and lower(w.address) = lower(${address}))) and w.order_id is not null))`,
  );

const txHashCondition = (hash: string) =>
  or(
    eq(orders.txHash, hash),
    sql`${orders.id} = any(array(select t.order_id from ${chainTransfers} t where t.tx_hash = ${hash} and t.order_id is not null))`,
  );

/** What a record shows: the order, its application, and a payout's destination. */
const RECORD_FIELDS = {
  order: orders,
  appId: applications.appId,
  appName: applications.name,
  toAddress: withdrawals.address,
};

export async function pageOrderRecords(
  db: Executor,
  merchantId: number,
  filters: OrderFilters,
  page: { pageNo: number; pageSize: number; window: number },
): Promise<{ rows: OrderRecordRow[]; total: number; totalCapped: boolean }> {
  const { offset, limit } = windowedPage(page.window, page.pageNo, page.pageSize);
  const where = and(...orderRecordConditions(merchantId, filters));
  const counted = await countWithin(db, orders, where, page.window);
  // Nothing at this offset: no need to walk the index looking for it.
  if (!counted.totalCapped && offset >= counted.total) return { rows: [], ...counted };
  const rows = await db
    .select(RECORD_FIELDS)
    .from(orders)
    .innerJoin(applications, eq(applications.id, orders.applicationId))
    .leftJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(where)
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit)
    .offset(offset);
  return { rows, ...counted };
}

export async function findOrderRecord(
  db: Executor,
  merchantId: number,
  orderNo: string,
): Promise<OrderDetailRow | undefined> {
  const [row] = await db
    .select({
      ...RECORD_FIELDS,
      appCallbackUrl: applications.callbackUrl,
      withdrawal: {
        withdrawalNo: withdrawals.withdrawalNo,
        status: withdrawals.status,
        reason: withdrawals.reason,
        reviewedAt: withdrawals.reviewedAt,
        sentAt: withdrawals.sentAt,
        finishedAt: withdrawals.finishedAt,
      },
    })
    .from(orders)
    .innerJoin(applications, eq(applications.id, orders.applicationId))
    .leftJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(and(eq(orders.orderNo, orderNo), eq(orders.merchantId, merchantId)));
  return row;
}

export function transfersOfOrder(db: Executor, orderId: number) {
  return db
    .select()
    .from(chainTransfers)
    .where(eq(chainTransfers.orderId, orderId))
    .orderBy(asc(chainTransfers.id));
}
