import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client';

/**
 * The CSV export on a PostgreSQL server: `COPY (select …) TO STDOUT WITH (FORMAT csv)`, the
 * cells formatted by PostgreSQL (dates by to_char in the asked zone, labels by a CASE built
 * from the language's label table, amounts by trim_scale, formula neutralization by a CASE on
 * the JS writer's own rule), so JavaScript only puts a CR before each row's LF (COPY ends rows
 * with a bare LF; the files are CRLF) and counts the rows. The keyset writer (export-sources)
 * stays the reference and PGlite's path; a test proves both give the same bytes.
 */

/** The pool behind a node-postgres drizzle database; undefined on PGlite (no COPY TO STDOUT stream there). */
export function copyPoolOf(db: Database): pg.Pool | undefined {
  const client = (db as unknown as { $client?: unknown }).$client;
  return client instanceof pg.Pool ? client : undefined;
}

/** A text expression as the JS writer's neutralizeCell leaves it, NULL when empty (COPY writes "" for ''). */
export function copyCell(expression: SQL): SQL {
  return sql`nullif(case when left(${expression}, 1) in ('=', '+', '-', '@', E'\\t', E'\\r')
    and ${expression} !~ '^-?[0-9]+(\\.[0-9]+)?$' then '''' || ${expression} else ${expression} end, '')`;
}

/** `value`'s label in `labels`, the value itself when the table has none (labelOf in SQL). */
export function copyLabel(expression: SQL | unknown, labels: Record<string, string>): SQL {
  const entries = Object.entries(labels);
  if (entries.length === 0) return sql`${expression}::text`;
  const whens = entries.map(([value, label]) => sql`when ${literal(value)} then ${literal(label)}`);
  return sql`(case ${expression}::text ${sql.join(whens, sql` `)} else ${expression}::text end)`;
}

/** An instant as `YYYY/MM/DD HH:mm:ss` in the zone (createDateFormatter in SQL). */
export function copyDate(expression: unknown, timeZone: string): SQL {
  return sql`to_char(${expression} at time zone ${literal(timeZone)}, 'YYYY/MM/DD HH24:MI:SS')`;
}

/** A string literal written into the statement: COPY takes no bind parameters. */
export function literal(value: string): SQL {
  return sql.raw(`'${value.replaceAll("'", "''")}'`);
}

const dialect = new PgDialect();

/** The statement's text with its parameters written in as literals (COPY cannot bind them). */
export function inlineParams(query: SQL): string {
  const { sql: text, params } = dialect.sqlToQuery(query);
  return text.replace(/\$(\d+)/g, (_, n: string) => {
    const value = params[Number(n) - 1];
    if (value === null || value === undefined) return 'null';
    if (typeof value === 'number' || typeof value === 'bigint') return String(value);
    if (typeof value === 'boolean') return value ? 'true' : 'false';
    if (value instanceof Date) return `'${value.toISOString()}'`;
    if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
    throw new Error(`export COPY: a parameter of type ${typeof value} cannot be written into the statement`);
  });
}

const LF = 0x0a;
const QUOTE = 0x22;
const CR_LF = Buffer.from('\r\n');
const PROGRESS_EVERY = 20_000;

export interface CopyCsvInput {
  pool: pg.Pool;
  /** The select whose rows are the file's, every column text in the file's order. */
  select: SQL;
  headerLine: string;
  out: Writable;
  signal?: AbortSignal;
  onProgress?: (rows: number) => Promise<void> | void;
}

/** Streams the COPY into `out` (ended at the end); resolves with the rows written. */
export async function copyCsv({
  pool,
  select,
  headerLine,
  out,
  signal,
  onProgress,
}: CopyCsvInput): Promise<number> {
  const client = await pool.connect();
  let rows = 0;
  let failed: unknown;
  try {
    out.write(headerLine);
    const source = client.query(copyTo(`copy (${inlineParams(select)}) to stdout with (format csv)`));
    let quoted = false;
    let reported = 0;
    // A CR before each LF that ends a row: an LF inside a quoted field (a quote opened and not
    // closed; an escaped "" toggles twice) is the field's own and stays as it is.
    async function* crlf(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        const parts: Buffer[] = [];
        let start = 0;
        for (let i = 0; i < chunk.length; i++) {
          const byte = chunk[i];
          if (byte === QUOTE) quoted = !quoted;
          else if (byte === LF && !quoted) {
            parts.push(chunk.subarray(start, i), CR_LF);
            start = i + 1;
            rows++;
          }
        }
        parts.push(chunk.subarray(start));
        yield Buffer.concat(parts);
        if (onProgress && rows - reported >= PROGRESS_EVERY) {
          reported = rows;
          await onProgress(rows);
        }
      }
    }
    await pipeline(source, crlf, out, signal ? { signal } : {});
    return rows;
  } catch (error) {
    failed = error;
    if (signal?.aborted) throw new Error('export aborted: the client went away');
    throw error;
  } finally {
    // A connection left in the middle of a COPY is not given back to the pool.
    client.release(failed instanceof Error ? failed : undefined);
  }
}
