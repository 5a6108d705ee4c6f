import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCrlfRows, mayNeedNeutralizing } from './export-copy';

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
  });

  it('keeps a quoted field’s own line break and counts rows across chunks', () => {
    const converter = createCrlfRows();
    const out = ['a,"line\n', 'break",b\nc,d', '\n'].map((chunk) => converter.convert(Buffer.from(chunk)));
    expect(Buffer.concat(out).toString()).toBe('a,"line\nbreak",b\r\nc,d\r\n');
    expect(converter.rows).toBe(2);
  });
});

describe('columns whose values are all known', () => {
  it('need neutralizing only when one of them starts with = + - @ tab or CR', () => {
    expect(mayNeedNeutralizing(['completed', '已完成', 'Đã hoàn tất'])).toBe(false);
    for (const start of ['=', '+', '-', '@', '\t', '\r']) {
      expect(mayNeedNeutralizing(['yes', `${start}no`])).toBe(true);
    }
    expect(mayNeedNeutralizing([])).toBe(false);
  });
});
