import type { orderPageBody } from '@tollgate/contracts';
import {
  and,
  asc,
  desc,
  eq,
  gte,
  lt,
  lte,
  or,
  type Placeholder,
  type SQL,
  type SQLWrapper,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import { searchableAddress, searchableTxHash } from '../../chains/addresses';
import type { Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { applications, chainTransfers, orders, withdrawals } from '../../db/schema';
import { asItself, type BindValue, createBinder, prepareShaped, shapedQueries } from '../../db/shaped-query';
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
export function orderRecordConditions(
  merchantId: number,
  f: OrderFilters,
  bind: BindValue = asItself,
): SQL[] {
  const merchant = bind('merchantId', merchantId);
  const where: (SQL | undefined)[] = [
    eq(orders.merchantId, merchant),
    eq(orders.type, bind('type', f.type)),
    f.currency ? eq(orders.currency, bind('currency', f.currency)) : undefined,
    f.amountMin ? gte(orders.amount, bind('amountMin', f.amountMin)) : undefined,
    f.amountMax ? lte(orders.amount, bind('amountMax', f.amountMax)) : undefined,
    f.createdFrom ? gte(orders.createdAt, bind('createdFrom', new Date(f.createdFrom))) : undefined,
    f.createdTo ? lt(orders.createdAt, bind('createdTo', new Date(f.createdTo))) : undefined,
    f.arrivedFrom ? gte(orders.arrivedAt, bind('arrivedFrom', new Date(f.arrivedFrom))) : undefined,
    f.arrivedTo ? lt(orders.arrivedAt, bind('arrivedTo', new Date(f.arrivedTo))) : undefined,
    f.status ? eq(orders.status, bind('status', f.status)) : undefined,
    // A collection's own address, or a payout's destination (its withdrawal's address); an EVM
    // address in any case, a hash in either case (chains/addresses.ts searchable…).
    f.payAddress
      ? payAddressCondition(merchant, bind('payAddress', searchableAddress(f.payAddress)))
      : undefined,
    f.merchantOrderNo ? eq(orders.merchantOrderNo, bind('merchantOrderNo', f.merchantOrderNo)) : undefined,
    f.orderNo ? eq(orders.orderNo, bind('orderNo', f.orderNo)) : undefined,
    f.appName
      ? sql`${orders.applicationId} in (select a.id from ${applications} a where a.merchant_id = ${merchant} and a.name ilike ${bind('appName', containsPattern(f.appName))})`
      : undefined,
    // Any transfer to the order, not only the first one the order shows.
    f.txHash ? txHashCondition(bind('txHash', searchableTxHash(f.txHash))) : undefined,
  ];
  return where.filter((c): c is SQL => c !== undefined);
}

/**
 * `address` is in the stored form for a collection's own address (EVM ones checksummed:
 * searchableAddress). A payout's destination is stored as the shop sent it, an EVM one possibly
 * in lower case: an 0x address matches it in any case (one text for every value: the query's
 * shape never depends on a value, db/shaped-query.ts).
 */
const payAddressCondition = (merchant: number | SQLWrapper, address: string | SQLWrapper) =>
  or(
    eq(orders.payAddress, address),
    sql`${orders.id} = any(array(select w.order_id from ${withdrawals} w where w.merchant_id = ${merchant} and (w.address = ${address} or (left(${address}, 2) = '0x' and lower(w.address) = lower(${address}))) and w.order_id is not null))`,
  );

const txHashCondition = (hash: string | SQLWrapper) =>
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

/** The page's statement, per database and filter shape (db/shaped-query.ts). */
const orderPages = shapedQueries<{ execute(values: Record<string, unknown>): Promise<OrderRecordRow[]> }>();

export async function pageOrderRecords(
  db: Executor,
  merchantId: number,
  filters: OrderFilters,
  page: { pageNo: number; pageSize: number; window: number },
): Promise<{ rows: OrderRecordRow[]; total: number; totalCapped: boolean }> {
  const { offset, limit } = windowedPage(page.window, page.pageNo, page.pageSize);
  const binder = createBinder();
  const where = and(...orderRecordConditions(merchantId, filters, binder.bind));
  const counted = await countWithin(db, orders, where, page.window, { binder, list: 'orderRecords' });
  // Nothing at this offset: no need to walk the index looking for it.
  if (!counted.totalCapped && offset >= counted.total) return { rows: [], ...counted };
  const limitValue = binder.bind('limit', limit);
  const offsetValue = binder.bind('offset', offset);
  const query = orderPages(db, binder.shape, () =>
    prepareShaped(
      db
        .select(RECORD_FIELDS)
        .from(orders)
        .innerJoin(applications, eq(applications.id, orders.applicationId))
        .leftJoin(withdrawals, eq(withdrawals.orderId, orders.id))
        .where(where)
        .orderBy(desc(orders.createdAt), desc(orders.id))
        .limit(limitValue as Placeholder)
        .offset(offsetValue as Placeholder),
    ),
  );
  const rows = await query.execute(binder.values);
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
