import { ErrorCode } from '@tollgate/contracts';
import { count, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { AppError } from './app-error';

/**
 * Records at scale (docs/decisions/2026-11-26-records-at-scale.md): a record list pages through
 * its first `window` rows only, and counts no further than `window + 1`, so neither a deep page
 * nor the total reads the whole history of a merchant with millions of rows.
 */

/** The OFFSET and LIMIT of a page inside the window; a page starting beyond it is refused (1001). */
export function windowedPage(window: number, pageNo: number, pageSize: number) {
  const offset = (pageNo - 1) * pageSize;
  if (offset >= window && pageNo > 1) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [{ field: 'pageNo', key: 'validation.records.pageTooDeep', params: { max: window } }],
    });
  }
  return { offset, limit: Math.min(pageSize, window - offset) };
}

/**
 * The rows of `table` matching `where`, counted up to `window + 1`: `total` is exact up to the
 * window, else the window itself with `totalCapped`.
 */
export async function countWithin(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  window: number,
): Promise<{ total: number; totalCapped: boolean }> {
  const matched = db
    .select({ one: sql`1`.as('one') })
    .from(table)
    .where(where)
    .limit(window + 1)
    .as('matched');
  const rows = await db.select({ n: count() }).from(matched);
  const n = rows[0]?.n ?? 0;
  return n > window ? { total: window, totalCapped: true } : { total: n, totalCapped: false };
}
