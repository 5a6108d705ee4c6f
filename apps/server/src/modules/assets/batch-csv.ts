import { CsvError, parse } from 'csv-parse/sync';

/**
 * CSV as spreadsheets write it (RFC 4180), read by csv-parse: fields in double quotes may hold
 * the delimiter, line breaks and doubled quotes; lines end in CRLF, LF or CR, mixed. The
 * delimiter is the comma, or the semicolon or tab when the first line holds more of those (Excel
 * in locales with a decimal comma saves with semicolons). One record per spreadsheet row, so a
 * record's index + 1 is its row number. A quote never closed, text after a closing quote or a
 * quote inside an unquoted field makes the file malformed (CsvFormatError, with the line the bad
 * record starts on), instead of swallowing the lines after it as the hand-written parser did.
 */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|\r|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ',';
}

/** A file that is not CSV from `line` on (1-based, as a text editor counts): where the bad record starts. */
export class CsvFormatError extends Error {
  constructor(
    readonly line: number,
    options: { cause: unknown },
  ) {
    super(`malformed CSV from line ${line}`, options);
  }
}

export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const bytes = Buffer.from(text, 'utf8');
  // The bytes read up to the end of the last whole record: a bad record starts after them.
  // (csv-parse's own line count takes a CRLF inside quotes for two lines.)
  let readBytes = 0;
  try {
    return parse(bytes, {
      delimiter,
      record_delimiter: ['\r\n', '\n', '\r'],
      relax_column_count: true,
      on_record: (record: string[], context) => {
        readBytes = context.bytes;
        return record;
      },
    });
  } catch (error) {
    if (!(error instanceof CsvError)) throw error;
    const before = bytes.subarray(0, readBytes).toString('utf8');
    throw new CsvFormatError(1 + (before.match(/\r\n|\r|\n/g)?.length ?? 0), { cause: error });
  }
}
