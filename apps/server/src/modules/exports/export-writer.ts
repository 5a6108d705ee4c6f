/// <reference path="./exceljs-internals.d.ts" />
import type { Writable } from 'node:stream';
import ExcelJS from 'exceljs';
import colCache from 'exceljs/lib/utils/col-cache.js';
import exceljsUtils from 'exceljs/lib/utils/utils.js';
import { csvField, neutralizeCell } from './export-cells';

/**
 * Writes an export to a stream, batch by batch, never holding the file: CSV as UTF-8 with a
 * byte order mark (Excel reads Chinese headers right only with it) and CRLF line ends; XLSX
 * through exceljs's streaming WorkbookWriter, the header row committed by exceljs and each data
 * row's XML written into the worksheet's stream as exceljs writes it (xlsxRowWriter). Every cell
 * is text (inline strings, no shared-string table to keep in memory): amounts stay the exact
 * decimals of the database, never a binary float, and no cell is ever a formula. Between
 * batches the writer waits for the stream to drain and stops when `signal` is aborted (the
 * client went away), so reading stops with it.
 */
export interface ExportWriteInput {
  format: 'csv' | 'xlsx';
  headers: string[];
  batches: AsyncIterable<string[][]>;
  out: Writable;
  signal?: AbortSignal;
  /** After each batch: the rows written so far. */
  onProgress?: (rows: number) => Promise<void> | void;
  sheetName?: string;
}

/** A write returned false and 'drain' is to come (readable-stream 3, archiver's, has no writableNeedDrain). */
const needsDrain = (stream: Writable) =>
  stream.writableNeedDrain ??
  (stream as unknown as { _writableState?: { needDrain?: boolean } })._writableState?.needDrain === true;

/** Waits until none of `streams` is over its buffer (or one closed, or the export was aborted). */
async function drained(streams: Writable[], signal?: AbortSignal): Promise<void> {
  for (const stream of streams) {
    if (!needsDrain(stream) || stream.destroyed) continue;
    if (signal?.aborted) return;
    // Plain listeners, all removed once one fired (an AbortController's losing waits would each
    // make an AbortError with its stack: hundreds of times an export).
    await new Promise<void>((resolve) => {
      const done = () => {
        stream.off('drain', done);
        stream.off('close', done);
        stream.off('error', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      stream.on('drain', done);
      stream.on('close', done);
      stream.on('error', done);
      signal?.addEventListener('abort', done);
    });
  }
}

const csvLine = (cells: string[]) => `${cells.map((cell) => csvField(neutralizeCell(cell))).join(',')}\r\n`;

/** The CSV's first line: the byte order mark and the headers. */
export const csvHeaderLine = (headers: string[]) => `\uFEFF${csvLine(headers)}`;

/** Resolves with the number of rows written; rejects when aborted (nothing more is read). */
export async function writeExport(input: ExportWriteInput): Promise<number> {
  return input.format === 'csv' ? writeCsv(input) : writeXlsx(input);
}

/** Throws (so nothing more is read) once the client went away or the stream failed or closed. */
export function checkAborted(out: Writable, signal?: AbortSignal) {
  if (signal?.aborted) throw new Error('export aborted: the client went away');
  if (out.errored) throw out.errored;
  if (out.destroyed) throw new Error('export aborted: the stream closed before the end');
}

async function writeCsv({ headers, batches, out, signal, onProgress }: ExportWriteInput): Promise<number> {
  let rows = 0;
  out.write(csvHeaderLine(headers));
  for await (const batch of batches) {
    checkAborted(out, signal);
    let text = '';
    for (const cells of batch) text += csvLine(cells);
    out.write(text);
    rows += batch.length;
    await onProgress?.(rows);
    await drained([out], signal);
  }
  checkAborted(out, signal);
  out.end();
  return rows;
}

/**
 * Where the sheet's XML goes before the zip: exceljs writes each committed row into the sheet's
 * StreamBuf, which hands its 64 KB chunks on to a PassThrough (archiver's wrapper of the entry)
 * ignoring backpressure, and archiver deflates it into `out`. `out` drains long before that
 * PassThrough does, so waiting on `out` alone lets the sheet XML pile up in memory; waiting on
 * the PassThrough's drain keeps the whole chain (PassThrough, deflate, archiver, `out`) within
 * its buffers. (`pipes` is StreamBuf's list of destinations; exceljs 4.4.0.)
 */
function sheetPipes(sheet: ExcelJS.Worksheet): Writable[] {
  const stream = (sheet as unknown as { stream?: { pipes?: unknown[] } }).stream;
  // archiver's PassThrough is readable-stream's, not node:stream's: no instanceof, a duck's test.
  return (stream?.pipes ?? []).filter(
    (pipe): pipe is Writable =>
      typeof (pipe as Writable | null)?.write === 'function' && typeof (pipe as Writable).once === 'function',
  );
}

/**
 * A data row's XML, as exceljs's own row path writes a row of strings with inline (not shared)
 * strings and no style, less what a sheet may leave out: `<row r>` (without exceljs's optional
 * `spans` and `x14ac:dyDescent`), then a `t="str"` cell per value that has text, encoded by
 * exceljs's own xmlEncode, with its own column letters; an empty value has no cell (as exceljs
 * writes a null). Every cell keeps its `r` reference: exceljs's reader places cells by it. On
 * a million orders the left-out parts were a fifth of the sheet's XML, and the XML's size is
 * what the export's time follows (deflate, CRC, writes). Written straight into the worksheet's
 * stream, a row costs a string, not a Row and a Cell object per value with its style and model
 * resolved. export-writer.test.ts checks the sheet's XML is exceljs's addRow().commit()'s, less
 * those parts.
 */
export function xlsxRowWriter(columns: number) {
  const letters = Array.from({ length: columns }, (_, i) => colCache.n2l(i + 1));
  return (rowNumber: number, cells: string[]) => {
    let xml = `<row r="${rowNumber}">`;
    for (let i = 0; i < cells.length; i++) {
      const text = exceljsUtils.xmlEncode(neutralizeCell(cells[i] as string));
      if (text !== '')
        xml += `<c r="${letters[i] ?? colCache.n2l(i + 1)}${rowNumber}" t="str"><v>${text}</v></c>`;
    }
    return `${xml}</row>`;
  };
}

export const XLSX_DEFLATE_LEVEL = 1;

/** The worksheet's own stream (exceljs 4.4.0's WorksheetWriter), open once its first row is committed. */
function sheetStream(sheet: ExcelJS.Worksheet): Writable {
  const stream = (sheet as unknown as { stream?: Writable }).stream;
  if (!stream || typeof stream.write !== 'function') throw new Error('exceljs: no worksheet stream');
  return stream;
}

/**
 * An XLSX workbook on its way into `out`: exceljs's streaming WorkbookWriter with one sheet, its
 * bold header row committed by exceljs (which also writes the columns and opens the sheet's
 * data). The data rows' XML then goes into `stream`, in order, as `xlsxRowWriter` makes it (or
 * the same bytes: export-copy.ts createXlsxRows); `drained` waits while the chain is full;
 * `finish` closes the sheet and the workbook.
 */
export function openXlsxSheet({
  headers,
  out,
  sheetName,
}: Pick<ExportWriteInput, 'headers' | 'out' | 'sheetName'>) {
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: out,
    useSharedStrings: false,
    useStyles: true,
    // Deflate's fastest level: a third of the default level's CPU for a sheet's XML, for a file
    // about a third larger (2026-11-26-exports-copy.md, amendment of 2026-11-27).
    zip: { zlib: { level: XLSX_DEFLATE_LEVEL, chunkSize: 256 * 1024 } },
  });
  workbook.creator = 'Tollgate';
  const sheet = workbook.addWorksheet(sheetName ?? 'export', {
    views: [{ state: 'frozen', ySplit: 1 }],
  });
  sheet.columns = headers.map((header) => ({ header, width: Math.min(Math.max(header.length * 2, 12), 40) }));
  sheet.getRow(1).font = { bold: true };
  sheet.getRow(1).commit();
  const stream = sheetStream(sheet) as Writable & { _flush?: () => void };
  let entry: Writable | undefined;
  return {
    stream,
    /**
     * Writes bytes of the sheet's XML past the worksheet's StreamBuf, into the zip's entry: the
     * StreamBuf would copy them into 64 KB buffers of its own first (zero-filled each). What it
     * holds (the header row) goes on first; the sheet's end goes through it again at `finish`.
     */
    writeBytes(bytes: Buffer) {
      if (!entry) {
        const pipes = sheetPipes(sheet);
        if (pipes.length !== 1 || typeof stream._flush !== 'function') {
          stream.write(bytes);
          return;
        }
        stream._flush();
        entry = pipes[0];
      }
      entry?.write(bytes);
    },
    drained: (signal?: AbortSignal) => drained([...sheetPipes(sheet), out], signal),
    async finish(): Promise<void> {
      sheet.commit();
      await workbook.commit();
    },
  };
}

async function writeXlsx(input: ExportWriteInput): Promise<number> {
  const { headers, batches, out, signal, onProgress } = input;
  const sheet = openXlsxSheet(input);
  const rowXml = xlsxRowWriter(headers.length);
  let rows = 0;
  for await (const batch of batches) {
    checkAborted(out, signal);
    // Row by row, as exceljs commits rows: its StreamBuf copies each into its 64 KB chunks. One
    // string for the whole batch was slower and held three times the memory (a rope of the
    // batch, flattened, then its Buffer).
    for (const cells of batch) sheet.stream.write(rowXml(rows++ + 2, cells));
    await onProgress?.(rows);
    await sheet.drained(signal);
  }
  checkAborted(out, signal);
  await sheet.finish();
  return rows;
}
