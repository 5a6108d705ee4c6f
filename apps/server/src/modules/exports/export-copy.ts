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

/**
 * A text expression as the JS writer's neutralizeCell leaves it, NULL when empty (COPY writes ""
 * for ''). The first character is tested by its code (=, +, -, @, tab, CR): an integer compare.
 * The expression appears four times: give it a column of a subquery (copyRows), not a computation.
 */
export function copyCell(expression: SQL): SQL {
  return sql`nullif(case when ascii(${expression}) in (61, 43, 45, 64, 9, 13)
    and ${expression} !~ '^-?[0-9]+(\\.[0-9]+)?$' then '''' || ${expression} else ${expression} end, '')`;
}

/**
 * Whether copyCell can change any of these texts: false when none starts with a character it
 * neutralizes (a column whose every possible value is known, like a label table's).
 */
export function mayNeedNeutralizing(texts: readonly string[]): boolean {
  return texts.some((text) => /^[=+\-@\t\r]/.test(text));
}

/** One column of a COPY export: its value as text, and whether it is neutralized (copyCell). */
export interface CopyColumn {
  value: SQL;
  neutralize: boolean;
}

/**
 * The rows of a COPY export: the columns' values computed once each in a subquery (`offset 0`
 * keeps PostgreSQL from folding it into the outer select, which would compute each value again
 * for every mention in copyCell), then neutralized from there, in the subquery's order.
 * `select` gets the aliased values and answers the ordered select of them.
 */
export function copyRows(columns: CopyColumn[], select: (values: Record<string, SQL.Aliased>) => SQL): SQL {
  const values = Object.fromEntries(columns.map((column, i) => [`v${i}`, column.value.as(`v${i}`)]));
  const outer = columns.map((column, i) => {
    const ref = sql.identifier(`v${i}`);
    return column.neutralize ? copyCell(sql`${ref}`) : sql`${ref}`;
  });
  return sql`select ${sql.join(outer, sql`, `)} from (${select(values)} offset 0) as copied`;
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

/**
 * COPY's CSV rows with CRLF ends, chunk by chunk: a CR goes before each LF that ends a row. An LF
 * inside a quoted field (a quote opened and not closed; an escaped "" closes and opens again) is
 * the field's own and stays as it is; a field may span chunks. The search is Buffer.indexOf's
 * (native), not a loop over every byte in JavaScript: a million rows are about 150 MB.
 */
export function createCrlfRows() {
  let quoted = false;
  let rows = 0;
  return {
    get rows() {
      return rows;
    },
    convert(chunk: Buffer): Buffer {
      const parts: Buffer[] = [];
      let start = 0;
      let at = 0;
      let nextQuote = chunk.indexOf(QUOTE);
      for (;;) {
        if (quoted) {
          if (nextQuote < 0) break; // the field goes on into the next chunk
          quoted = false;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        const lf = chunk.indexOf(LF, at);
        if (lf < 0) {
          // No row ends in the rest: its quotes only change the state for the next chunk.
          for (; nextQuote >= 0; nextQuote = chunk.indexOf(QUOTE, nextQuote + 1)) quoted = !quoted;
          break;
        }
        if (nextQuote >= 0 && nextQuote < lf) {
          quoted = true;
          at = nextQuote + 1;
          nextQuote = chunk.indexOf(QUOTE, at);
          continue;
        }
        parts.push(chunk.subarray(start, lf), CR_LF);
        start = lf + 1;
        at = start;
        rows++;
      }
      if (parts.length === 0) return chunk;
      parts.push(chunk.subarray(start));
      return Buffer.concat(parts);
    },
  };
}
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
  let failed: unknown;
  try {
    out.write(headerLine);
    const source = client.query(copyTo(`copy (${inlineParams(select)}) to stdout with (format csv)`));
    const converter = createCrlfRows();
    let reported = 0;
    async function* crlf(chunks: AsyncIterable<Buffer>) {
      for await (const chunk of chunks) {
        yield converter.convert(chunk);
        if (onProgress && converter.rows - reported >= PROGRESS_EVERY) {
          reported = converter.rows;
          await onProgress(reported);
        }
      }
    }
    await pipeline(source, crlf, out, signal ? { signal } : {});
    return converter.rows;
  } catch (error) {
    failed = error;
    if (signal?.aborted) throw new Error('export aborted: the client went away');
    throw error;
  } finally {
    // A connection left in the middle of a COPY is not given back to the pool.
    client.release(failed instanceof Error ? failed : undefined);
  }
}

/**
 * The same select's rows as cells, batch after batch, for the XLSX writer on a PostgreSQL
 * server: a cursor in a read-only transaction on one pooled connection (one snapshot, as the
 * COPY has), fetched `batchRows` at a time as arrays of text. PostgreSQL formats every cell as
 * the COPY does (the same bytes as the keyset writer's cells: exports-copy.test.ts compares the
 * sheets), so JavaScript maps no row and formats no date; NULL is the empty cell. Stopped early
 * (the client went away), the transaction is rolled back before the connection goes back.
 */
export async function* cursorBatches(
  pool: pg.Pool,
  select: SQL,
  batchRows: number,
): AsyncGenerator<string[][]> {
  const client = await pool.connect();
  let finished = false;
  let failed: unknown;
  let next: Promise<pg.QueryResult<unknown[]>> | undefined;
  try {
    await client.query('begin transaction read only');
    await client.query(`declare export_rows no scroll cursor for ${inlineParams(select)}`);
    const fetchBatch = () =>
      client.query<unknown[]>({ text: `fetch forward ${batchRows} from export_rows`, rowMode: 'array' });
    // The next batch is fetched while this one is written: PostgreSQL formats rows on one core
    // while JavaScript writes the sheet on the other.
    next = fetchBatch();
    for (;;) {
      const { rows } = await next;
      const more = rows.length === batchRows;
      if (more) next = fetchBatch();
      if (rows.length > 0) {
        yield rows.map((row) => row.map((cell) => (cell === null || cell === undefined ? '' : String(cell))));
      }
      if (!more) break;
    }
    await client.query('commit');
    finished = true;
  } catch (error) {
    failed = error;
    throw error;
  } finally {
    // Stopped early: the fetch on its way is awaited (never left to reject unobserved), then the
    // transaction is rolled back.
    await next?.catch((error: unknown) => (failed ??= error));
    if (!finished && !failed) await client.query('rollback').catch((error: unknown) => (failed = error));
    client.release(failed instanceof Error ? failed : undefined);
  }
}
