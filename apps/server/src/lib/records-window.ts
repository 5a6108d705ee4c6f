import { ErrorCode } from '@tollgate/contracts';
import { count, type Placeholder, type SQL, sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/client';
import { type Binder, prepareShaped, shapedQueries } from '../db/shaped-query';
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
 * window, else the window itself with `totalCapped`. `shaped`: `where` holds its values as
 * placeholders, and the statement is kept per list and shape (db/shaped-query.ts).
 */
export async function countWithin(
  db: Executor,
  table: PgTable,
  where: SQL | undefined,
  window: number,
  /** The list's values bound as placeholders, and the list's own name: the statement is kept per list and shape. */
  shaped?: { binder: Binder; list: string },
): Promise<{ total: number; totalCapped: boolean }> {
  const build = (limit: number | Placeholder) => {
    const matched = db
      .select({ one: sql`1`.as('one') })
      .from(table)
      .where(where)
      .limit(limit)
      .as('matched');
    return db.select({ n: count() }).from(matched);
  };
  let rows: { n: number }[];
  if (shaped) {
    const { binder, list } = shaped;
    const limit = binder.bind('countLimit', window + 1);
    const query = counts(db, `${list}:${binder.shape}`, () => prepareShaped(build(limit)));
    rows = await query.execute(binder.values);
  } else {
    rows = await build(window + 1);
  }
  const n = rows[0]?.n ?? 0;
  return n > window ? { total: window, totalCapped: true } : { total: n, totalCapped: false };
}

const counts = shapedQueries<{ execute(values: Record<string, unknown>): Promise<{ n: number }[]> }>();
