import { describe, expect, it } from 'vitest';
import { createDateFormatter, csvField, neutralizeCell } from './export-cells';

describe('neutralizeCell', () => {
  it('quotes text a spreadsheet would run as a formula', () => {
    for (const text of ['=1+1', '+cmd', '-2+3', '@SUM(A1)', '\tx', '\rx', '=HYPERLINK("x")', '-'])
      expect(neutralizeCell(text)).toBe(`'${text}`);
  });
  it('quotes a formula after a ; , tab or line break (a cell of its own where ; separates)', () => {
    expect(neutralizeCell('Shop;=1+1;')).toBe("Shop;'=1+1;");
    expect(neutralizeCell('a,-b\t@c\n+d\r\t')).toBe("a,'-b\t'@c\n'+d\r'\t");
    expect(neutralizeCell('\t@')).toBe("'\t'@");
    expect(neutralizeCell('=a;=b')).toBe("'=a;'=b");
    expect(neutralizeCell('a; =b, c')).toBe('a; =b, c');
  });
  it('leaves plain decimals, negative ones too, and other text as they are', () => {
    for (const text of ['-5.00', '-5', '12.345678901234567891', '0', 'abc', 'T1-2', ''])
      expect(neutralizeCell(text)).toBe(text);
  });
});

describe('createDateFormatter', () => {
  it('writes the SPEC format in the zone, across a daylight-saving change', () => {
    const shanghai = createDateFormatter('Asia/Shanghai');
    expect(shanghai(new Date('2026-11-25T16:00:00.999Z'))).toBe('2026/11/26 00:00:00');
    const paris = createDateFormatter('Europe/Paris');
    expect(paris(new Date('2026-03-29T00:59:59Z'))).toBe('2026/03/29 01:59:59');
    expect(paris(new Date('2026-03-29T01:00:00Z'))).toBe('2026/03/29 03:00:00');
    const kolkata = createDateFormatter('Asia/Kolkata');
    expect(kolkata(new Date('2026-01-01T00:00:00Z'))).toBe('2026/01/01 05:30:00');
    expect(shanghai(null)).toBe('');
  });
});

describe('csvField', () => {
  it('quotes commas, quotes and line breaks', () => {
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('plain')).toBe('plain');
  });
});
