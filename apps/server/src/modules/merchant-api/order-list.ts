import {
  type BalanceListResult,
  COLLECTION_STATUS_VALUES,
  ErrorCode,
  type ListOrdersQuery,
  type OrderListResult,
  PAYOUT_STATUS_VALUES,
  toDecimalString,
} from '@tollgate/contracts';
import { and, asc, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { balances, coins, orders, withdrawals } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { toPayoutObject } from '../assets/payout-sync';
import { toCollectionObject } from '../orders/order-object';
import type { ApiClient } from './api-auth';

/**
 * GET /api/v1/orders and GET /api/v1/balances: what a shop reconciles against. Rules, in order:
 * 1. Only the calling application's orders of the asked type; a status of the other type is 1001.
 * 2. Newest first by (createdAt, id): a keyset, so a page never repeats or skips an order when
 *    new ones arrive, and orders created in the same microsecond keep one order.
 * 3. The cursor is the last row's position, (createdAt to the microsecond, id), opaque to the
 *    shop (base64url). Only a cursor of that shape is taken: anything else is a clear 1001,
 *    never a database error.
 */
const CURSOR_PATTERN = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})\.(\d{6})Z_([1-9]\d{0,17})$/;

interface Position {
  /** The timestamp as PostgreSQL reads it back, microseconds included. */
  at: string;
  id: number;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(`${position.at}_${position.id}`).toString('base64url');
}

export function decodeCursor(cursor: string): Position {
  const refuse = () => fieldError('cursor', 'validation.api.cursor');
  const text = Buffer.from(cursor, 'base64url').toString('latin1');
  // Only the exact text encodeCursor gives: base64url decoding skips what it cannot read.
  if (Buffer.from(text, 'latin1').toString('base64url') !== cursor) throw refuse();
  const match = CURSOR_PATTERN.exec(text);
  if (!match) throw refuse();
  const [, seconds, micros, id] = match as unknown as [string, string, string, string];
  // A date that does not exist (month 13) would be the database's error: refused here instead.
  const millis = `${seconds}.${micros.slice(0, 3)}Z`;
  const date = new Date(millis);
  if (Number.isNaN(date.getTime()) || date.toISOString() !== millis) throw refuse();
  return { at: `${seconds}.${micros}Z`, id: Number(id) };
}

const positionOf = sql<string>`to_char(${orders.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;

export async function listOrders(
  deps: { db: Executor; publicUrl: string },
  client: ApiClient,
  query: ListOrdersQuery,
): Promise<OrderListResult> {
  const statuses: readonly string[] =
    query.type === 'collection' ? COLLECTION_STATUS_VALUES : PAYOUT_STATUS_VALUES;
  if (query.status !== undefined && !statuses.includes(query.status)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        {
          field: 'status',
          key: 'validation.api.statusOfType',
          params: { status: query.status, type: query.type },
        },
      ],
    });
  }
  const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
  const conditions: (SQL | undefined)[] = [
    // The leading columns of orders_merchant_app_created_idx.
    eq(orders.merchantId, client.merchantId),
    eq(orders.type, query.type),
    eq(orders.applicationId, client.applicationId),
    query.status === undefined ? undefined : eq(orders.status, query.status),
    query.createdFrom === undefined ? undefined : gte(orders.createdAt, new Date(query.createdFrom)),
    query.createdTo === undefined ? undefined : lt(orders.createdAt, new Date(query.createdTo)),
    after === undefined
      ? undefined
      : sql`(${orders.createdAt}, ${orders.id}) < (${after.at}::timestamptz, ${String(after.id)}::bigint)`,
  ];
  const rows = await deps.db
    .select({ order: orders, withdrawal: withdrawals, position: positionOf })
    .from(orders)
    .leftJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(and(...conditions))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const last = page.at(-1);
  const list = page.map(({ order, withdrawal }) => {
    if (order.type === 'collection')
      return toCollectionObject(order, { publicUrl: deps.publicUrl, appId: client.appId });
    if (!withdrawal) throw new Error(`payout ${order.orderNo} has no withdrawal`);
    return toPayoutObject(order, withdrawal, client.appId);
  });
  return {
    list,
    nextCursor:
      rows.length > query.limit && last ? encodeCursor({ at: last.position, id: last.order.id }) : null,
  };
}

/** Every currency the platform carries, with the merchant's available and frozen (0 where none). */
export async function listBalances(db: Executor, merchantId: number): Promise<BalanceListResult> {
  const rows = await db
    .selectDistinct({ currency: coins.coinName, available: balances.available, frozen: balances.frozen })
    .from(coins)
    .leftJoin(balances, and(eq(balances.coinName, coins.coinName), eq(balances.merchantId, merchantId)))
    .orderBy(asc(coins.coinName));
  return {
    list: rows.map((row) => ({
      currency: row.currency,
      available: toDecimalString(row.available ?? '0'),
      frozen: toDecimalString(row.frozen ?? '0'),
    })),
  };
}
