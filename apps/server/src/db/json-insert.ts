import {
  type Column,
  getTableColumns,
  type InferInsertModel,
  type InferSelectModel,
  type SQL,
  sql,
} from 'drizzle-orm';
import { getTableConfig, PgDialect, type PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from './client';

/**
 * Many rows in one INSERT whose only parameter is the rows as one JSON text, unpacked by
 * PostgreSQL in the order given (jsonb_array_elements WITH ORDINALITY, ORDER BY it, so an identity
 * column numbers them in that order and RETURNING answers them in that order too):
 *
 *   insert into t (a, b) select (e->>0)::text, (e->>1)::numeric(38, 18)
 *   from jsonb_array_elements($1::jsonb) with ordinality as r(e, n) order by n returning …
 *
 * A drizzle multi-row INSERT of the same rows binds and types every value as its own parameter
 * (a payout's order, withdrawal and two ledger records are 70 of them); here JSON.stringify and
 * PostgreSQL's JSON parser do that work, which on the embedded PGlite is most of an insert's cost.
 * Values go through each column's own mapping (drizzle's mapToDriverValue: dates as ISO text,
 * money as decimal text, never a float), and the rows come back through mapFromDriverValue, as
 * drizzle's own INSERT … RETURNING answers them. Every row must give the same columns (one left
 * out takes its default in every row).
 */
export async function insertJsonRows<
  T extends PgTable,
  K extends keyof InferSelectModel<T> & string = keyof InferSelectModel<T> & string,
>(
  db: Executor,
  table: T,
  rows: readonly InferInsertModel<T>[],
  /**
   * `returning`: the columns to answer (all by default); fewer is less to send back and parse.
   * `with`: a data-modifying statement run as a CTE of this one (`with w as (…) insert …`): one
   * round trip for both (the ledger's records and their report aggregates).
   */
  options: { onConflictDoNothing?: boolean; returning?: readonly K[]; with?: SQL } = {},
): Promise<Pick<InferSelectModel<T>, K>[]> {
  if (rows.length === 0) return [];
  const { keys, values } = jsonRowsOf(table, rows);
  const statement = jsonInsertStatement(table, keys, options);
  const prefix = options.with ? sql`with w as (${options.with}) ` : sql``;
  const result = (await db.execute(
    sql`${prefix}${statement.head}${JSON.stringify(values)}${statement.tail}`,
  )) as unknown as { rows: Record<string, unknown>[] };
  return result.rows.map((raw) => readJsonInsertRow(statement, raw) as Pick<InferSelectModel<T>, K>);
}

/** The rows' columns (those the first row gives) and each row's values in the driver's form, in that order. */
export function jsonRowsOf<T extends PgTable>(
  table: T,
  rows: readonly InferInsertModel<T>[],
): { keys: string[]; values: unknown[][] } {
  const first = (rows[0] ?? {}) as Record<string, unknown>;
  const columns = getTableColumns(table);
  const keys = Object.keys(first).filter((key) => first[key] !== undefined);
  const signature = keys.join(',');
  const values = rows.map((row) => {
    const record = row as Record<string, unknown>;
    if (
      Object.keys(record)
        .filter((key) => record[key] !== undefined)
        .join(',') !== signature
    ) {
      throw new Error('insertJsonRows: every row must give the same columns, in the same order');
    }
    return keys.map((key) => {
      const value = record[key];
      const column = columns[key];
      if (!column) throw new Error(`insertJsonRows: no column ${key}`);
      return value === null ? null : column.mapToDriverValue(value);
    });
  });
  return { keys, values };
}

/** A row the statement answered, through each column's mapping. */
export function readJsonInsertRow(statement: JsonInsertStatement, raw: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, columnName, column] of statement.answered) {
    const value = raw[columnName];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row;
}

export interface JsonInsertStatement {
  /** The SQL before the JSON parameter, and after it. */
  head: SQL;
  tail: SQL;
  answered: (readonly [string, string, Column])[];
}

/**
 * The statement's text around its one parameter, built once per table, columns and options: a
 * hot path (every order group, every nonce batch) need not build the same SQL again each time.
 * `where` (SQL text over `e`, the row's JSON array) keeps only the rows it holds for.
 */
const statements = new WeakMap<PgTable, Map<string, JsonInsertStatement>>();

export function jsonInsertStatement(
  table: PgTable,
  keys: string[],
  options: { onConflictDoNothing?: boolean; returning?: readonly string[]; where?: string },
): JsonInsertStatement {
  let forTable = statements.get(table);
  if (!forTable) {
    forTable = new Map();
    statements.set(table, forTable);
  }
  const cacheKey = [
    keys.join(','),
    options.onConflictDoNothing ? 1 : 0,
    options.returning?.join(',') ?? '*',
    options.where ?? '',
  ].join('|');
  const cached = forTable.get(cacheKey);
  if (cached) return cached;
  const dialect = new PgDialect();
  const text = (chunk: SQL) => sql.raw(dialect.sqlToQuery(chunk).sql);
  const columns = getTableColumns(table);
  const names = keys.map((key) => sql.identifier((columns[key] as Column).name));
  const casts = keys.map((key, i) => sql.raw(`(e->>${i})::${(columns[key] as Column).getSQLType()}`));
  const where: SQL = options.where ? sql.raw(` where ${options.where}`) : sql``;
  const conflict: SQL = options.onConflictDoNothing ? sql` on conflict do nothing` : sql``;
  const answered = Object.entries(columns)
    .filter(([key]) => !options.returning || options.returning.includes(key))
    .map(([key, column]) => [key, column.name, column] as const);
  const returning = sql.join(
    answered.map(([, columnName]) => sql.identifier(columnName)),
    sql`, `,
  );
  const { name, schema } = getTableConfig(table);
  const target = schema ? sql`${sql.identifier(schema)}.${sql.identifier(name)}` : sql.identifier(name);
  const statement: JsonInsertStatement = {
    head: text(
      sql`insert into ${target} (${sql.join(names, sql`, `)}) select ${sql.join(casts, sql`, `)} from jsonb_array_elements(`,
    ),
    tail: text(sql`::jsonb) with ordinality as r(e, n)${where} order by n${conflict} returning ${returning}`),
    answered,
  };
  forTable.set(cacheKey, statement);
  return statement;
}
