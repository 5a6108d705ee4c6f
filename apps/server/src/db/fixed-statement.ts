import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/**
 * A hot statement whose text never changes (its rows come as arrays, one parameter per column),
 * built once from drizzle's `sql` with `sql.placeholder(name)` for its values, and sent as an
 * unnamed statement on either engine: its text is not rebuilt per call. Answers the raw rows:
 * column names as written, bigint as the driver gives it. (Until 2026-12-07 it ran as a named
 * prepared statement on PostgreSQL; the callback worker measured no faster with it:
 * docs/decisions/2026-11-25-gateway-bench.md.)
 */
const dialect = new PgDialect();

export interface FixedStatement<Row> {
  readonly text: string;
  run(db: Database, values: Record<string, unknown>): Promise<Row[]>;
}

interface QueryClient {
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export function fixedStatement<Row>(query: SQL): FixedStatement<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    text,
    async run(db, values) {
      const client = (db as unknown as { $client: QueryClient }).$client;
      const result = await client.query(text, fillPlaceholders(params, values));
      return result.rows as Row[];
    },
  };
}
