/**
 * CSV as spreadsheets write it (RFC 4180): fields in double quotes may hold the delimiter, line
 * breaks and doubled quotes; lines end in CRLF or LF. The delimiter is the comma, or the semicolon
 * or tab when the first line holds more of those (Excel in locales with a decimal comma saves
 * with semicolons). One record per spreadsheet row, so a record's index + 1 is its row number.
 */
export function detectDelimiter(text: string): string {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  const [best] = [',', ';', '\t'].sort((a, b) => count(b) - count(a));
  return best && count(best) > 0 ? best : ',';
}

export function parseCsv(text: string, delimiter = detectDelimiter(text)): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false;
  let i = 0;
  const endField = () => {
    record.push(field);
    field = '';
  };
  const endRecord = () => {
    endField();
    records.push(record);
    record = [];
  };
  while (i < text.length) {
    const char = text[i] as string;
    if (quoted) {
      if (char === '"') {
        if (text[i + 1] === '"') {
          field += '"';
          i += 2;
          continue;
        }
        quoted = false;
      } else {
        field += char;
      }
      i += 1;
      continue;
    }
    if (char === '"' && field === '') quoted = true;
    else if (char === delimiter) endField();
    else if (char === '\n') endRecord();
    else if (char === '\r') {
      if (text[i + 1] !== '\n') endRecord();
    } else field += char;
    i += 1;
  }
  // The last line may end without a line break.
  if (field !== '' || record.length > 0) endRecord();
  return records;
}
