/// <reference path="./exceljs-internals.d.ts" />
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import colCache from 'exceljs/lib/utils/col-cache.js';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { Database } from '../../db/client';
import { needsNeutralizing } from './export-cells';
import { checkAborted, openXlsxSheet } from './export-writer';

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
 * A connection for an export's COPY, in a transaction planning without parallel workers (`set
 * local`, so that the setting ends with the transaction, on a direct connection as behind a
 * transaction pooler). The COPY streams into a file that this process writes (CRLF, or the
 * sheet's XML and its deflate) as fast as it comes: the export goes at the pace of the slower of
 * the two, and on a server whose cores the two share, parallel workers only take CPU from the
 * writer. The export's query (labels, dates, the formula guard on every text cell) looks costly
 * enough to the planner for a Gather Merge of two workers, which moved every row through shared
 * memory queues: on a million orders that was 6.6–7.1 s of CPU instead of 3.9 s for the same rows
 * planned serially, on a machine of two cores (docs/decisions/2026-11-26-exports-copy.md).
 */
async function connectForCopy(pool: pg.Pool): Promise<pg.PoolClient> {
  const client = await pool.connect();
  try {
    await client.query('begin; set local max_parallel_workers_per_gather = 0');
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    throw error;
  }
  return client;
}

/**
 * Ends the COPY's transaction and gives its connection back, once the export is `done`; else
 * (it failed, whatever it threw, or did not get to its end) the connection is closed: one left in
 * the middle of a COPY, or whose transaction will not end, is never given back.
 */
async function releaseAfterCopy(client: pg.PoolClient, done: boolean, failed: unknown): Promise<void> {
  if (!done) {
    client.release(
      failed instanceof Error ? failed : new Error(`export COPY not finished: ${String(failed)}`),
    );
    return;
  }
  try {
    await client.query('commit');
  } catch (error) {
    client.release(error instanceof Error ? error : new Error(String(error)));
    return;
  }
  client.release();
}

/**
 * A text expression as the JS writer's neutralizeCell leaves it, NULL when empty (COPY writes ""
 * for ''): a quote before each =, +, -, @, tab or CR that starts it or follows a ; , tab or line
 * break, unless it is a plain decimal. The expression appears four times: give it a column of a
 * subquery (copyRows), not a computation.
 */
export function copyCell(expression: SQL): SQL {
  return sql`nullif(case when ${expression} ~ '(^|[;,\\t\\r\\n])[=+@\\t\\r-]'
    and ${expression} !~ '^-?[0-9]+(\\.[0-9]+)?$'
    then regexp_replace(${expression}, '(?<=^|[;,\\t\\r\\n])(?=[=+@\\t\\r-])', '''', 'g')
    else ${expression} end, '')`;
}

/**
 * Whether copyCell can change any of these texts: false when none holds what it neutralizes (a
 * column whose every possible value is known, like a label table's).
 */
export function mayNeedNeutralizing(texts: readonly string[]): boolean {
  return texts.some(needsNeutralizing);
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
  const client = await connectForCopy(pool);
  let done = false;
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
    done = true;
    return converter.rows;
  } catch (error) {
    failed = error;
    if (signal?.aborted) throw new Error('export aborted: the client went away');
    throw error;
  } finally {
    await releaseAfterCopy(client, done, failed);
  }
}

/** Bytes of markup as little-endian 32-bit words (the last one padded with zeros), and their length. */
interface Words {
  words: Uint32Array;
  length: number;
}

function toWords(bytes: Uint8Array): Words {
  const padded = Buffer.alloc(Math.ceil(bytes.length / 4) * 4);
  padded.set(bytes);
  const words = new Uint32Array(padded.length / 4);
  for (let k = 0; k < words.length; k++) words[k] = padded.readUInt32LE(4 * k);
  return { words, length: bytes.length };
}

/** Writes `markup` at `at` a word at a time (up to three bytes past its end); answers the position after it. */
function putWords(view: DataView, at: number, markup: Words): number {
  const { words } = markup;
  const count = (markup.length + 3) >> 2;
  for (let k = 0; k < count; k++) view.setUint32(at + 4 * k, words[k] as number, true);
  return at + markup.length;
}

/**
 * The XML slab's size, and how many bytes of XML a byte of COPY text is expected to take at most
 * (about 5 on orders). A test passes smaller ones (`slabBytes`, `expansion`), so that slabs fill
 * in the middle of a chunk.
 */
const SLAB_BYTES = 2 * 1024 * 1024;
const SLAB_EXPANSION = 8;

/**
 * COPY's text rows (`FORMAT text`: tab between fields, LF after each row, `\N` for NULL, and
 * `\\ \b \f \n \r \t \v` escapes) to the sheet XML that export-writer.ts xlsxRowWriter makes
 * of the same cells, byte for byte, chunk by chunk (a field or an escape may span chunks): a
 * `<row>` per row numbered from 2 (row 1 is the header), a `t="str"` cell per field, its text
 * encoded as exceljs's xmlEncode does (`" & ' < >` as entities, the control characters XML
 * forbids and DEL dropped; tab, LF and CR kept); a field left with no text (NULL, or only
 * dropped characters) has no cell, as xlsxRowWriter writes none. The cells are copied
 * as bytes (UTF-8 throughout): no row, no cell and no string is made in JavaScript, so a million
 * rows cost a pass over their bytes instead of sixteen million strings to collect.
 */
export function createXlsxRows({
  slabBytes = SLAB_BYTES,
  expansion = SLAB_EXPANSION,
}: {
  slabBytes?: number;
  expansion?: number;
} = {}) {
  const ascii = (text: string) => Buffer.from(text, 'latin1');
  const rowOpen = ascii('<row r="');
  const rowOpenEnd = ascii('">');
  const cellOpenEnd = ascii('" t="str"><v>');
  const cellClose = ascii('</v></c>');
  const rowClose = ascii('</row>');
  const ENTITIES: Record<number, Buffer> = {
    34: ascii('&quot;'),
    38: ascii('&amp;'),
    39: ascii('&apos;'),
    60: ascii('&lt;'),
    62: ascii('&gt;'),
  };
  /** 1 for a byte copied as it is: not an escape, a separator, markup or a control character. */
  const PLAIN = new Uint8Array(256).map((_, byte) =>
    byte >= 0x20 && byte !== 0x7f && byte !== 0x5c && !(byte in ENTITIES) ? 1 : 0,
  );
  /** The row's number in ASCII digits, most significant first. */
  const digits = new Uint8Array(16);
  /** `cellOpen`: the field's cell was opened (its first byte of text came); an empty field has no cell. */
  const state = { rows: 0, inRow: false, field: 0, isEscape: false, cellOpen: false };
  /** Where the XML is written: the slab's bytes before `at` were handed out, those after are free. */
  const slab = { out: Buffer.alloc(0), at: 0, view: new DataView(new ArrayBuffer(0)) };
  const newSlab = (inputBytes: number) => {
    slab.out = Buffer.allocUnsafe(Math.max(slabBytes, inputBytes * expansion + 256));
    slab.view = new DataView(slab.out.buffer, slab.out.byteOffset, slab.out.length);
    slab.at = 0;
  };

  /** Copies `bytes` into `out` at `at`; answers the new position (constants are a few bytes: a loop beats a native call). */
  const put = (out: Buffer, at: number, bytes: Uint8Array, length = bytes.length): number => {
    for (let k = 0; k < length; k++) out[at + k] = bytes[k] as number;
    return at + length;
  };
  /**
   * A cell's markup, written four bytes at a time (most of the conversion's time went to copying
   * markup byte by byte): `<c r="` and the column's letters, then the row's number and
   * `" t="str"><v>` (`rowTail`, made once a row). Each write may pass the markup's end by up to
   * three bytes, which the next write covers: there is always room (the check in `convert`).
   */
  const cellOpenWords: Words[] = [];
  const cellCloseWords = toWords(cellClose);
  const rowTail = { bytes: new Uint8Array(64), words: new Uint32Array(16), length: 0 };
  const setRowTail = (count: number) => {
    const { bytes, words } = rowTail;
    // Byte by byte: a dozen bytes a row, where subarray() and set() cost more than the copy.
    for (let k = 0; k < count; k++) bytes[k] = digits[k] as number;
    for (let k = 0; k < cellOpenEnd.length; k++) bytes[count + k] = cellOpenEnd[k] as number;
    rowTail.length = count + cellOpenEnd.length;
    for (let k = 0, b = 0; b < rowTail.length; k++, b += 4) {
      words[k] =
        (bytes[b] as number) |
        ((bytes[b + 1] as number) << 8) |
        ((bytes[b + 2] as number) << 16) |
        ((bytes[b + 3] as number) << 24);
    }
  };
  const openCell = (view: DataView, at: number, field: number): number => {
    let open = cellOpenWords[field];
    if (!open) {
      open = toWords(ascii(`<c r="${colCache.n2l(field + 1)}`));
      cellOpenWords[field] = open;
    }
    return putWords(view, putWords(view, at, open), rowTail);
  };
  /** 1 for a byte that leaves text in the cell (xmlEncode drops the other control characters and DEL). */
  const KEPT = new Uint8Array(256).map((_, byte) =>
    byte >= 0x20 ? (byte !== 0x7f ? 1 : 0) : byte === 0x09 || byte === 0x0a || byte === 0x0d ? 1 : 0,
  );
  /** A byte of a cell's text as xmlEncode leaves it: an entity, dropped, or itself. */
  const putText = (out: Buffer, at: number, byte: number): number => {
    const entity = ENTITIES[byte];
    if (entity) return put(out, at, entity);
    if (byte >= 0x20 ? byte !== 0x7f : byte === 0x09 || byte === 0x0a || byte === 0x0d) out[at++] = byte;
    return at;
  };
  /** The byte a text-format escape stands for; -1: nothing kept (\N, and \b \f \v, which XML forbids). */
  const unescaped = (byte: number) =>
    byte === 0x6e ? 0x0a : byte === 0x72 ? 0x0d : byte === 0x74 ? 0x09 : byte === 0x5c ? 0x5c : -1;

  return {
    get rows() {
      return state.rows;
    },
    convert(chunk: Buffer): Buffer {
      const parts: Buffer[] = [];
      const length = chunk.length;
      // Each chunk's XML is a slice of a slab shared with the chunks before it, not a buffer of
      // its own: a million rows are about 700 MB of XML, and a buffer or two per 64 KB chunk
      // (then joined) was much of the export's time in allocation and garbage collection.
      if (slab.out.length - slab.at < length * expansion + 256) newSlab(length);
      let { out, at, view } = slab;
      // `out.length - at < length - i + 256`, with what does not change in the loop computed once.
      let roomEnd = out.length - length - 256;
      let start = at;
      let { inRow, field, isEscape, cellOpen } = state;
      let i = 0;
      while (i < length) {
        // Room for every byte left as it is plus the markup of one more: checked at each
        // non-plain byte, the plain bytes between two of them can never run out of it.
        if (at - i > roomEnd) {
          parts.push(out.subarray(start, at));
          slab.at = at;
          newSlab(length - i);
          ({ out, at, view } = slab);
          start = at;
          roomEnd = out.length - length - 256;
        }
        if (!inRow) {
          let count = 0;
          for (let n = state.rows + 2; n > 0; n = Math.floor(n / 10)) digits[15 - count++] = 0x30 + (n % 10);
          digits.copyWithin(0, 16 - count, 16);
          setRowTail(count);
          at = put(out, put(out, put(out, at, rowOpen), digits, count), rowOpenEnd);
          field = 0;
          cellOpen = false;
          inRow = true;
        }
        let byte = chunk[i++] as number;
        if (isEscape) {
          isEscape = false;
          const kept = unescaped(byte);
          if (kept >= 0) {
            if (!cellOpen) {
              at = openCell(view, at, field);
              cellOpen = true;
            }
            at = putText(out, at, kept);
          }
          continue;
        }
        if (PLAIN[byte] === 1) {
          if (!cellOpen) {
            at = openCell(view, at, field);
            cellOpen = true;
          }
          // The common case: a run of plain bytes, copied in this loop.
          do {
            out[at++] = byte;
            if (i === length) break;
            byte = chunk[i++] as number;
          } while (PLAIN[byte] === 1);
          if (PLAIN[byte] === 1) break; // the chunk ended in the run
        }
        if (byte === 0x5c) isEscape = true;
        else if (byte === 0x09) {
          if (cellOpen) at = putWords(view, at, cellCloseWords);
          cellOpen = false;
          field++;
        } else if (byte === 0x0a) {
          if (cellOpen) at = putWords(view, at, cellCloseWords);
          at = put(out, at, rowClose);
          cellOpen = false;
          state.rows++;
          inRow = false;
        } else if (KEPT[byte] === 1) {
          if (!cellOpen) {
            at = openCell(view, at, field);
            cellOpen = true;
          }
          at = putText(out, at, byte);
        }
      }
      Object.assign(state, { inRow, field, isEscape, cellOpen });
      slab.at = at;
      parts.push(out.subarray(start, at));
      return parts.length === 1 ? (parts[0] as Buffer) : Buffer.concat(parts);
    },
  };
}

export interface CopyXlsxInput {
  pool: pg.Pool;
  /** The select whose rows are the sheet's, every column text in the file's order. */
  select: SQL;
  headers: string[];
  out: Writable;
  signal?: AbortSignal;
  onProgress?: (rows: number) => Promise<void> | void;
  sheetName?: string;
}

/**
 * The XLSX export on a PostgreSQL server: the workbook and its header row by exceljs
 * (export-writer.ts openXlsxSheet), the data rows from `COPY (select …) TO STDOUT` (text format),
 * turned into the sheet's XML as bytes (createXlsxRows) and written into the sheet, waiting
 * while the zip is behind. Resolves with the rows written; `out` is ended by the workbook.
 */
export async function copyXlsx({
  pool,
  select,
  headers,
  out,
  signal,
  onProgress,
  sheetName,
}: CopyXlsxInput): Promise<number> {
  const client = await connectForCopy(pool);
  let done = false;
  let failed: unknown;
  try {
    const sheet = openXlsxSheet({ headers, out, ...(sheetName ? { sheetName } : {}) });
    const source = client.query(copyTo(`copy (${inlineParams(select)}) to stdout`));
    const converter = createXlsxRows();
    let reported = 0;
    try {
      for await (const chunk of source as AsyncIterable<Buffer>) {
        checkAborted(out, signal);
        sheet.writeBytes(converter.convert(chunk));
        if (onProgress && converter.rows - reported >= PROGRESS_EVERY) {
          reported = converter.rows;
          await onProgress(reported);
        }
        await sheet.drained(signal);
      }
    } catch (error) {
      source.destroy();
      throw error;
    }
    checkAborted(out, signal);
    await sheet.finish();
    done = true;
    return converter.rows;
  } catch (error) {
    failed = error;
    if (signal?.aborted) throw new Error('export aborted: the client went away');
    throw error;
  } finally {
    await releaseAfterCopy(client, done, failed);
  }
}
