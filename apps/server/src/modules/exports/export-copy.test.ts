import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { neutralizeCell } from './export-cells';
import { createCrlfRows, createXlsxRows, mayNeedNeutralizing } from './export-copy';
import { xlsxRowWriter } from './export-writer';

/** The rule spelled out byte by byte: a CR before every LF outside quotes. */
function reference(text: string): { out: string; rows: number } {
  let quoted = false;
  let rows = 0;
  let out = '';
  for (const char of text) {
    if (char === '"') quoted = !quoted;
    else if (char === '\n' && !quoted) {
      out += '\r';
      rows++;
    }
    out += char;
  }
  return { out, rows };
}

describe('COPY rows to CRLF', () => {
  it('puts a CR before each LF that ends a row, whatever the chunks, as the byte rule does', () => {
    fc.assert(
      fc.property(
        fc
          .array(fc.constantFrom('a', 'é', ',', '"', '""', '\n', '\r'), { maxLength: 200 })
          .map((parts) => parts.join('')),
        fc.array(fc.nat(), { maxLength: 8 }),
        (text, cuts) => {
          const bytes = Buffer.from(text, 'utf8');
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          const converter = createCrlfRows();
          const chunks: Buffer[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            chunks.push(converter.convert(bytes.subarray(from, point)));
            from = point;
          }
          const expected = reference(text);
          expect(Buffer.concat(chunks).toString('utf8')).toBe(expected.out);
          expect(converter.rows).toBe(expected.rows);
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('keeps a quoted field’s own line break and counts rows across chunks', () => {
    const converter = createCrlfRows();
    const out = ['a,"line\n', 'break",b\nc,d', '\n'].map((chunk) => converter.convert(Buffer.from(chunk)));
    expect(Buffer.concat(out).toString()).toBe('a,"line\nbreak",b\r\nc,d\r\n');
    expect(converter.rows).toBe(2);
  });
});

/** A cell as COPY's text format writes it: NULL as \\N, backslash and six control characters escaped. */
const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
  '\v': '\\v',
};
const copyText = (cell: string | null) =>
  cell === null ? '\\N' : cell.replace(/[\\\b\f\n\r\t\v]/g, (char) => ESCAPES[char] as string);

describe('COPY rows to sheet XML', () => {
  const CELL_PARTS = [
    'a',
    'é',
    '訂',
    '😀',
    '0.5',
    '=',
    '-',
    '@',
    ';',
    ',',
    '\\',
    '\\N',
    '\t',
    '\n',
    '\r',
    '\b',
    '\f',
    '\v',
    '\x01',
    '\x1f',
    '\x7f',
    '&',
    '<',
    '>',
    '"',
    "'",
    ' ',
  ];

  it('gives the bytes of the writer’s rows for the same cells, whatever the chunks', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 30 }).chain((columns) =>
          fc.tuple(
            fc.constant(columns),
            fc.array(
              fc.array(
                fc.option(
                  fc.array(fc.constantFrom(...CELL_PARTS), { maxLength: 6 }).map((parts) => parts.join('')),
                  {
                    freq: 5,
                  },
                ),
                { minLength: columns, maxLength: columns },
              ),
              { maxLength: 12 },
            ),
          ),
        ),
        fc.array(fc.nat(), { maxLength: 8 }),
        ([columns, rows], cuts) => {
          // The cells as the COPY's select gives them: neutralized already (copyCell).
          const cells = rows.map((row) => row.map((cell) => (cell === null ? null : neutralizeCell(cell))));
          const text = cells.map((row) => `${row.map(copyText).join('\t')}\n`).join('');
          const bytes = Buffer.from(text, 'utf8');
          const points = [...new Set(cuts.map((cut) => cut % (bytes.length + 1)))].sort((a, b) => a - b);
          // The default slab, and slabs so small that most chunks fill one before their end.
          const converter = createXlsxRows();
          const tight = createXlsxRows({ slabBytes: 64, expansion: 0 });
          const chunks: Buffer[] = [];
          const tightChunks: Buffer[] = [];
          let from = 0;
          for (const point of [...points, bytes.length]) {
            chunks.push(converter.convert(bytes.subarray(from, point)));
            tightChunks.push(tight.convert(bytes.subarray(from, point)));
            from = point;
          }
          const rowXml = xlsxRowWriter(columns);
          const expected = cells
            .map((row, i) =>
              rowXml(
                i + 2,
                row.map((cell) => cell ?? ''),
              ),
            )
            .join('');
          expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
          expect(Buffer.concat(tightChunks).toString('utf8')).toBe(expected);
          expect(converter.rows).toBe(rows.length);
        },
      ),
      { numRuns: 2000 },
    );
  }, 60_000);

  it('goes on in a new slab when a chunk makes more XML than its slab has room for', () => {
    // One-character cells (and an entity in every other row): about 18 bytes of XML for each
    // byte of COPY text, more than a slab is sized for, so chunks of 600 KB fill several slabs.
    const columns = 28;
    const rows = Array.from({ length: 30_000 }, (_, r) =>
      Array.from({ length: columns }, (_, c) =>
        r % 2 === 1 && c === 3 ? '&' : String.fromCharCode(97 + (c % 26)),
      ),
    );
    const bytes = Buffer.from(rows.map((row) => `${row.join('\t')}\n`).join(''));
    const rowXml = xlsxRowWriter(columns);
    const expected = rows.map((row, i) => rowXml(i + 2, row)).join('');
    for (const chunkBytes of [bytes.length, 600_000, 65_536]) {
      const converter = createXlsxRows();
      const chunks: Buffer[] = [];
      for (let from = 0; from < bytes.length; from += chunkBytes) {
        chunks.push(converter.convert(bytes.subarray(from, from + chunkBytes)));
      }
      const xml = Buffer.concat(chunks).toString('utf8');
      expect(xml.length).toBe(expected.length);
      expect(xml === expected, `chunks of ${chunkBytes} bytes`).toBe(true);
      expect(converter.rows).toBe(rows.length);
    }
  }, 60_000);

  it('numbers rows past one digit and columns past Z', () => {
    const converter = createXlsxRows();
    const row = Array.from({ length: 28 }, (_, i) => `v${i}`);
    const text = Array.from({ length: 12 }, () => `${row.join('\t')}\n`).join('');
    const xml = converter.convert(Buffer.from(text)).toString();
    expect(xml).toContain('<row r="13"><c r="A13" t="str"><v>v0</v></c>');
    expect(xml).toContain('<c r="AB13" t="str"><v>v27</v></c></row>');
    expect(converter.rows).toBe(12);
  });
});

describe('columns whose values are all known', () => {
  it('need neutralizing only when one of them holds = + - @ tab or CR at its start or after a separator', () => {
    expect(mayNeedNeutralizing(['completed', '已完成', 'Đã hoàn tất'])).toBe(false);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(mayNeedNeutralizing(['yes', `${start}no`])).toBe(true);
    }
    expect(mayNeedNeutralizing(['a;=b'])).toBe(true);
    expect(mayNeedNeutralizing([])).toBe(false);
  });
});
