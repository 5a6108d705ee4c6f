import { Money } from '@tollgate/contracts';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import yauzl from 'yauzl';

/**
 * The first worksheet of an .xlsx file as rows of cell texts, read with no more than a batch
 * withdrawal file needs: the zip's entries through yauzl (native inflate, entry sizes checked
 * against the directory), the workbook's parts through saxes (the XML parser exceljs uses too).
 * A 10,000-row sheet reads in about 40 % of the time of exceljs's load (and of its streaming reader,
 * which builds a row object, a cell object and a style model per cell): see
 * docs/decisions/2026-11-25-batch-withdrawal.md.
 *
 * What a cell reads as (the text a merchant sees in Excel, without its display format):
 * - a string (shared or inline, rich text runs joined, phonetic guides left out) as written;
 * - a number as Excel keeps it, at most 15 significant digits in plain notation (`numberCellText`),
 *   or, when its style has a date format, the date as ISO 8601 (1900 or 1904 date system);
 * - a boolean as TRUE or FALSE; an error value as empty; a formula as its cached result.
 * Rows and columns are placed by their references (`r`), or follow the previous one without.
 * "First" is the workbook's own order of sheets (workbook.xml), not the zip's order of files.
 */
export interface SheetGrid {
  rows: { line: number; cells: string[] }[];
}

export class XlsxReadError extends Error {}

/** A number cell as Excel shows it (at most 15 significant digits), in plain notation. */
export function numberCellText(value: number): string {
  if (!Number.isFinite(value)) return String(value);
  const shortest = String(value);
  const digits = shortest.replace(/^-/, '').replace(/e.*$/i, '').replace('.', '').replace(/^0+/, '');
  const text = digits.length > 15 ? String(Number(value.toPrecision(15))) : shortest;
  return /e/i.test(text) ? new Money(text).toFixed() : text;
}

/** A date serial (days since 1899-12-30, or since 1904-01-01 in the 1904 system) as a Date. */
function excelDate(serial: number, date1904: boolean): Date {
  return new Date(Math.round((serial - 25569 + (date1904 ? 1462 : 0)) * 86_400_000));
}

/** The built-in number formats that show a date or a time (ECMA-376 18.8.30, and the CJK ones). */
const BUILT_IN_DATE_FORMATS = new Set([
  14, 15, 16, 17, 18, 19, 20, 21, 22, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 45, 46, 47, 50, 51, 52, 53, 54,
  55, 56, 57, 58,
]);

/** A custom format shows a date when, outside its quoted text and [bracketed] parts, it has y m d h s. */
function isDateFormat(code: string): boolean {
  const bare = code
    .replace(/\[[^\]]*]/g, '')
    .replace(/"[^"]*"/g, '')
    .replace(/\\./g, '');
  return /[ymdhs]/i.test(bare);
}

type ZipFile = yauzl.ZipFile;

function openZip(bytes: Buffer): Promise<{ zip: ZipFile; entries: Map<string, yauzl.Entry> }> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(
      bytes,
      { lazyEntries: true, decodeStrings: true, validateEntrySizes: true },
      (error, zip) => {
        if (error || !zip) return reject(new XlsxReadError(error?.message ?? 'not a zip'));
        const entries = new Map<string, yauzl.Entry>();
        zip.on('entry', (entry: yauzl.Entry) => {
          entries.set(entry.fileName, entry);
          zip.readEntry();
        });
        zip.once('end', () => resolve({ zip, entries }));
        zip.once('error', (cause: Error) => reject(new XlsxReadError(cause.message)));
        zip.readEntry();
      },
    );
  });
}

/** Feeds one entry's XML, as it inflates, to a parser with these handlers. */
async function parseEntry(
  zip: ZipFile,
  entry: yauzl.Entry,
  handlers: {
    open(tag: SaxesTagPlain): void;
    text?(text: string): void;
    close?(name: string): void;
  },
): Promise<void> {
  const stream = await new Promise<NodeJS.ReadableStream>((resolve, reject) =>
    zip.openReadStream(entry, (error, readable) =>
      error || !readable
        ? reject(new XlsxReadError(error?.message ?? 'unreadable entry'))
        : resolve(readable),
    ),
  );
  const parser = new SaxesParser<{ xmlns: false; position: false }>({ xmlns: false, position: false });
  let failure: Error | undefined;
  parser.on('error', (error) => {
    failure ??= error;
  });
  parser.on('opentag', handlers.open);
  if (handlers.text) parser.on('text', handlers.text);
  if (handlers.close) {
    const close = handlers.close;
    parser.on('closetag', (tag) => close(tag.name));
  }
  const decoder = new TextDecoder('utf-8');
  try {
    for await (const chunk of stream) {
      parser.write(decoder.decode(chunk as Buffer, { stream: true }));
      if (failure) break;
    }
  } catch (error) {
    // Inflating failed, or the entry is longer or shorter than the zip's directory says.
    failure ??= error as Error;
  }
  if (!failure) parser.write(decoder.decode()).close();
  if (failure) throw new XlsxReadError(failure.message);
}

/** A part's path from a relationship's target, which is relative to `xl/` unless it starts with `/`. */
function partPath(target: string): string {
  const path = target.startsWith('/') ? target.slice(1) : `xl/${target}`;
  const parts: string[] = [];
  for (const part of path.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

interface WorkbookParts {
  firstSheet: string | undefined;
  sharedStrings: string | undefined;
  styles: string | undefined;
  date1904: boolean;
}

async function readWorkbook(zip: ZipFile, entries: Map<string, yauzl.Entry>): Promise<WorkbookParts> {
  const workbook = entries.get('xl/workbook.xml');
  if (!workbook) throw new XlsxReadError('no xl/workbook.xml');
  const sheetIds: string[] = [];
  let date1904 = false;
  await parseEntry(zip, workbook, {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'sheet') {
        const id = tag.attributes['r:id'] ?? attributeByLocalName(tag.attributes, 'id');
        if (id) sheetIds.push(id);
      } else if (name === 'workbookPr') {
        const value = tag.attributes.date1904;
        date1904 = value === '1' || value === 'true';
      }
    },
  });
  const targets = new Map<string, { target: string; type: string }>();
  const rels = entries.get('xl/_rels/workbook.xml.rels');
  if (rels) {
    await parseEntry(zip, rels, {
      open(tag) {
        if (localName(tag.name) !== 'Relationship') return;
        const { Id, Target, Type } = tag.attributes;
        if (Id && Target) targets.set(Id, { target: partPath(Target), type: Type ?? '' });
      },
    });
  }
  const ofType = (suffix: string) => [...targets.values()].find(({ type }) => type.endsWith(suffix))?.target;
  const firstId = sheetIds[0];
  return {
    firstSheet: firstId === undefined ? undefined : targets.get(firstId)?.target,
    sharedStrings: ofType('/sharedStrings') ?? 'xl/sharedStrings.xml',
    styles: ofType('/styles') ?? 'xl/styles.xml',
    date1904,
  };
}

function localName(name: string): string {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
}

function attributeByLocalName(attributes: Record<string, string>, name: string): string | undefined {
  for (const [key, value] of Object.entries(attributes)) if (localName(key) === name) return value;
  return undefined;
}

/** Each cell style (cellXfs, by index): whether its number format shows a date. */
async function readDateStyles(zip: ZipFile, entry: yauzl.Entry | undefined): Promise<boolean[]> {
  if (!entry) return [];
  const customDates = new Map<number, boolean>();
  const styles: boolean[] = [];
  let inCellXfs = false;
  await parseEntry(zip, entry, {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'numFmt') {
        const id = Number(tag.attributes.numFmtId);
        customDates.set(id, isDateFormat(tag.attributes.formatCode ?? ''));
      } else if (name === 'cellXfs') {
        inCellXfs = true;
      } else if (name === 'xf' && inCellXfs) {
        const id = Number(tag.attributes.numFmtId ?? 0);
        styles.push(customDates.get(id) ?? BUILT_IN_DATE_FORMATS.has(id));
      }
    },
    close(name) {
      if (localName(name) === 'cellXfs') inCellXfs = false;
    },
  });
  return styles;
}

/**
 * Text of the runs of an `si` (shared) or `is` (inline) string: every `t` in it, but those of a
 * phonetic guide (`rPh`), which Excel does not show in the cell.
 */
function createStringCollector() {
  let depthInPhonetic = 0;
  let inText = false;
  let text = '';
  return {
    open(name: string) {
      if (name === 'rPh') depthInPhonetic++;
      else if (name === 't' && depthInPhonetic === 0) inText = true;
    },
    text(value: string) {
      if (inText) text += value;
    },
    close(name: string) {
      if (name === 'rPh') depthInPhonetic--;
      else if (name === 't') inText = false;
    },
    take() {
      const value = text;
      text = '';
      inText = false;
      depthInPhonetic = 0;
      return value;
    },
  };
}

async function readSharedStrings(zip: ZipFile, entry: yauzl.Entry | undefined): Promise<string[]> {
  if (!entry) return [];
  const strings: string[] = [];
  const collector = createStringCollector();
  await parseEntry(zip, entry, {
    open(tag) {
      const name = localName(tag.name);
      if (name === 'si') collector.take();
      else collector.open(name);
    },
    text: collector.text,
    close(tagName) {
      const name = localName(tagName);
      if (name === 'si') strings.push(collector.take());
      else collector.close(name);
    },
  });
  return strings;
}

/** `C12` → 2 (zero-based column), or -1 without letters. */
function columnOf(reference: string): number {
  let column = 0;
  let i = 0;
  for (; i < reference.length; i++) {
    const code = reference.charCodeAt(i);
    if (code >= 65 && code <= 90) column = column * 26 + (code - 64);
    else if (code >= 97 && code <= 122) column = column * 26 + (code - 96);
    else break;
  }
  return i === 0 ? -1 : column - 1;
}

async function readSheet(
  zip: ZipFile,
  entry: yauzl.Entry,
  sharedStrings: readonly string[],
  dateStyles: readonly boolean[],
  date1904: boolean,
): Promise<SheetGrid> {
  const rows: SheetGrid['rows'] = [];
  let line = 0;
  let cells: string[] | null = null;
  let column = -1;
  let type = 'n';
  let style = 0;
  /** Collecting the cell's value (`v`), or its inline string (`is`). */
  let inValue = false;
  let inInline = false;
  let value = '';
  let hasValue = false;
  const inline = createStringCollector();

  const cellText = (): string => {
    if (!hasValue) return '';
    switch (type) {
      case 's':
        return sharedStrings[Number.parseInt(value, 10)] ?? '';
      case 'str':
      case 'inlineStr':
        return value;
      case 'b':
        return Number.parseInt(value, 10) !== 0 ? 'TRUE' : 'FALSE';
      case 'e':
        return '';
      case 'd': {
        const date = new Date(value);
        return Number.isNaN(date.getTime()) ? value : date.toISOString();
      }
      default: {
        const number = Number.parseFloat(value);
        if (Number.isNaN(number)) return value.trim();
        return dateStyles[style] ? excelDate(number, date1904).toISOString() : numberCellText(number);
      }
    }
  };

  await parseEntry(zip, entry, {
    open(tag) {
      const name = localName(tag.name);
      if (inInline) {
        inline.open(name);
        return;
      }
      switch (name) {
        case 'row': {
          const r = Number.parseInt(tag.attributes.r ?? '', 10);
          line = Number.isNaN(r) ? line + 1 : r;
          cells = [];
          column = -1;
          break;
        }
        case 'c': {
          const reference = tag.attributes.r;
          const at = reference ? columnOf(reference) : -1;
          column = at >= 0 ? at : column + 1;
          type = tag.attributes.t ?? 'n';
          style = Number.parseInt(tag.attributes.s ?? '0', 10) || 0;
          value = '';
          hasValue = false;
          break;
        }
        case 'v':
          inValue = true;
          hasValue = true;
          value = '';
          break;
        case 'is':
          inInline = true;
          hasValue = true;
          inline.take();
          break;
      }
    },
    text(text) {
      if (inValue) value += text;
      else if (inInline) inline.text(text);
    },
    close(tagName) {
      const name = localName(tagName);
      if (inInline) {
        if (name === 'is') {
          inInline = false;
          value = inline.take();
        } else inline.close(name);
        return;
      }
      switch (name) {
        case 'v':
          inValue = false;
          break;
        case 'c':
          if (cells && hasValue) {
            const text = cellText();
            if (text !== '') cells[column] = text;
          }
          break;
        case 'row':
          if (cells) {
            for (let i = 0; i < cells.length; i++) cells[i] ??= '';
            if (cells.some((cell) => cell.trim() !== '')) rows.push({ line, cells });
          }
          cells = null;
          break;
      }
    },
  });
  return { rows };
}

/**
 * The first worksheet's non-blank rows, with their numbers, cells as text. Throws XlsxReadError
 * when the file is not a readable workbook. The caller bounds the unpacked size first.
 */
export async function readFirstSheetCells(bytes: Buffer): Promise<SheetGrid> {
  const { zip, entries } = await openZip(bytes);
  try {
    const parts = await readWorkbook(zip, entries);
    if (!parts.firstSheet) return { rows: [] };
    const sheet = entries.get(parts.firstSheet);
    if (!sheet) throw new XlsxReadError(`no ${parts.firstSheet}`);
    const [sharedStrings, dateStyles] = await Promise.all([
      readSharedStrings(zip, parts.sharedStrings ? entries.get(parts.sharedStrings) : undefined),
      readDateStyles(zip, parts.styles ? entries.get(parts.styles) : undefined),
    ]);
    return await readSheet(zip, sheet, sharedStrings, dateStyles, parts.date1904);
  } finally {
    zip.close();
  }
}
