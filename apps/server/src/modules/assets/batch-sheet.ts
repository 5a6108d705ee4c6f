import {
  BATCH_COLUMN_TITLES,
  BATCH_COLUMNS,
  BATCH_MAX_ROWS,
  BATCH_REQUIRED_COLUMNS,
  type BatchColumn,
  ErrorCode,
  type Language,
} from '@tollgate/contracts';
import { AppError } from '../../lib/app-error';
import { listZipEntries } from '../uploads/spreadsheet-type';
import { CsvFormatError, parseCsv } from './batch-csv';
import { readFirstSheetCells, XlsxReadError } from './xlsx-cells';

/**
 * Reads a batch withdrawal spreadsheet (.xlsx through xlsx-cells.ts, or .csv) into its rows of text,
 * nothing checked but the shape of the file:
 * 1. the header is the first row that is not empty; its cells name the columns in any of the four
 *    languages or by the English keys (coin, chain, address, amount, remark), in any order, so a
 *    file made from a zh_CN template reads the same for an en_US merchant; coin, chain, address
 *    and amount must all be there;
 * 2. every later row that is not empty is a row, numbered as the spreadsheet numbers it;
 * 3. at most BATCH_MAX_ROWS rows; more refuses the whole file;
 * 4. a .csv that is not well formed (a quote never closed) is refused with the line it goes wrong on.
 * Money is read as text, never through a JS number where the file has text: a text cell (and
 * every .csv cell) is taken as written. A number cell holds a binary double; it is written out as
 * Excel shows it, at most 15 significant digits (all Excel keeps), so 0.1 stays "0.1" and a
 * formula's 0.30000000000000004 is "0.3" (xlsx-cells.ts numberCellText).
 * Each refusal is a 1001 on `fileKey` with its own message.
 */
export interface SheetRow {
  line: number;
  coin: string;
  chain: string;
  address: string;
  amount: string;
  remark: string;
}

/** Unpacked, a 10,000-row sheet is a few MB of XML: far more is not a withdrawal list. */
export const MAX_UNPACKED_BYTES = 64 * 1024 * 1024;

export function sheetError(key: string, params?: Record<string, string | number>): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, {
    fieldErrors: [{ field: 'fileKey', key: `validation.batch.${key}`, ...(params ? { params } : {}) }],
  });
}

const normalizeTitle = (title: string) =>
  title
    .normalize('NFC')
    .replace(/[(（[].*?[)）\]]/g, '')
    .replace(/[\s_\-*:：]/g, '')
    .toLowerCase();

/** Every title a column may carry: the four languages' and a few English spellings. */
const TITLE_TO_COLUMN: ReadonlyMap<string, BatchColumn> = (() => {
  const map = new Map<string, BatchColumn>();
  const extra: Record<BatchColumn, string[]> = {
    coin: ['coinName', 'currency'],
    chain: ['chainId', 'network'],
    address: ['toAddress', 'walletAddress'],
    amount: [],
    remark: ['memo', 'note', 'description'],
  };
  for (const column of BATCH_COLUMNS) {
    map.set(normalizeTitle(column), column);
    for (const alias of extra[column]) map.set(normalizeTitle(alias), column);
    for (const titles of Object.values(BATCH_COLUMN_TITLES)) map.set(normalizeTitle(titles[column]), column);
  }
  return map;
})();

/** The column of each position, from the header's cells; null when coin, chain, address or amount lacks. */
function mapHeader(cells: readonly string[]): Map<BatchColumn, number> | null {
  const positions = new Map<BatchColumn, number>();
  cells.forEach((cell, index) => {
    const column = TITLE_TO_COLUMN.get(normalizeTitle(cell));
    if (column && !positions.has(column)) positions.set(column, index);
  });
  return BATCH_REQUIRED_COLUMNS.every((column) => positions.has(column)) ? positions : null;
}

function noHeader(lang: Language): AppError {
  const titles = BATCH_COLUMN_TITLES[lang];
  return sheetError('noHeader', { columns: BATCH_REQUIRED_COLUMNS.map((c) => titles[c]).join(', ') });
}

/** Rows of cells (as text) with their line numbers, header first, blank rows left out. */
interface Grid {
  rows: { line: number; cells: string[] }[];
}

function toSheetRows(grid: Grid, lang: Language): SheetRow[] {
  const [header, ...body] = grid.rows;
  if (!header) throw sheetError('empty');
  const positions = mapHeader(header.cells);
  if (!positions) throw noHeader(lang);
  if (body.length === 0) throw sheetError('noRows');
  if (body.length > BATCH_MAX_ROWS)
    throw sheetError('tooManyRows', { max: BATCH_MAX_ROWS, count: body.length });
  const at = (cells: string[], column: BatchColumn) => {
    const index = positions.get(column);
    return index === undefined ? '' : (cells[index] ?? '').trim();
  };
  return body.map(({ line, cells }) => ({
    line,
    coin: at(cells, 'coin'),
    chain: at(cells, 'chain'),
    address: at(cells, 'address'),
    amount: at(cells, 'amount'),
    remark: at(cells, 'remark'),
  }));
}

const isBlank = (cells: string[]) => cells.every((cell) => cell.trim() === '');

/** The first sheet (in the workbook's order), through the lean reader of xlsx-cells.ts. */
async function readXlsx(bytes: Buffer): Promise<Grid> {
  const entries = listZipEntries(bytes);
  if (!entries) throw sheetError('unreadable');
  const unpacked = entries.reduce((sum, entry) => sum + entry.uncompressedSize, 0);
  if (unpacked > MAX_UNPACKED_BYTES) throw sheetError('tooLargeUnpacked');
  try {
    return await readFirstSheetCells(bytes);
  } catch (error) {
    if (!(error instanceof XlsxReadError)) throw error;
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      cause: error,
      fieldErrors: [{ field: 'fileKey', key: 'validation.batch.unreadable' }],
    });
  }
}

function readCsv(bytes: Buffer): Grid {
  let records: string[][];
  try {
    records = parseCsv(bytes.toString('utf8').replace(/^\uFEFF/, ''));
  } catch (error) {
    if (!(error instanceof CsvFormatError)) throw error;
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      cause: error,
      fieldErrors: [{ field: 'fileKey', key: 'validation.batch.csvMalformed', params: { line: error.line } }],
    });
  }
  const rows: Grid['rows'] = [];
  records.forEach((cells, index) => {
    if (!isBlank(cells)) rows.push({ line: index + 1, cells });
  });
  return { rows };
}

export async function readBatchSheet(
  bytes: Buffer,
  kind: 'xlsx' | 'csv',
  lang: Language,
): Promise<SheetRow[]> {
  if (bytes.length === 0) throw sheetError('empty');
  const grid = kind === 'xlsx' ? await readXlsx(bytes) : readCsv(bytes);
  return toSheetRows(grid, lang);
}
