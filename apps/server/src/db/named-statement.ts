import { fillPlaceholders, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import type { Database } from './client';

/**
 * A hot statement whose text never changes (its rows come as arrays, one parameter per column),
 * built once from drizzle's `sql` with `sql.placeholder(name)` for its values. On a PostgreSQL
 * server it runs as a named prepared statement: each pooled connection parses and plans it once,
 * instead of on every call (about a millisecond for a statement of several CTEs, which is what
 * one row of a batch costs the server). On PGlite, one connection in this process, it is sent as
 * it is. Answers the raw rows: column names as written, bigint as the driver gives it.
 */
const dialect = new PgDialect();

export interface NamedStatement<Row> {
  readonly name: string;
  readonly text: string;
  run(db: Database, values: Record<string, unknown>): Promise<Row[]>;
}

interface QueryClient {
  query(config: { name?: string; text: string; values: unknown[] }): Promise<{ rows: unknown[] }>;
  query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>;
}

export function namedStatement<Row>(name: string, query: SQL): NamedStatement<Row> {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return {
    name,
    text,
    async run(db, values) {
      const client = (db as unknown as { $client: QueryClient }).$client;
      const ordered = fillPlaceholders(params, values);
      const result =
        client instanceof pg.Pool
          ? await client.query({ name, text, values: ordered })
          : await client.query(text, ordered);
      return result.rows as Row[];
    },
  };
}
