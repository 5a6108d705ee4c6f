import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { describe, expect, it } from 'vitest';
import { numberCellText, readFirstSheetCells, XlsxReadError } from './xlsx-cells';

/**
 * The lean reader against exceljs's full load of the same workbooks (the cells as text, the way
 * the batch preview read them through exceljs before), and on parts exceljs does not write.
 */
function excelText(value: ExcelJS.CellValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return numberCellText(value);
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE';
  if (value instanceof Date) return value.toISOString();
  if ('richText' in value) return value.richText.map((run) => run.text).join('');
  if ('formula' in value || 'sharedFormula' in value) {
    const result = (value as ExcelJS.CellFormulaValue).result;
    return result === undefined || (typeof result === 'object' && 'error' in result)
      ? ''
      : excelText(result as ExcelJS.CellValue);
  }
  if ('hyperlink' in value) return String(value.text ?? '');
  return '';
}

async function throughExceljs(bytes: Buffer) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  const rows: { line: number; cells: string[] }[] = [];
  workbook.worksheets[0]?.eachRow((row, line) => {
    const cells: string[] = [];
    row.eachCell((cell, column) => {
      cells[column - 1] = excelText(cell.value);
    });
    for (let i = 0; i < cells.length; i++) cells[i] ??= '';
    while (cells.length > 0 && cells[cells.length - 1] === '') cells.pop();
    if (cells.some((cell) => cell.trim() !== '')) rows.push({ line, cells });
  });
  return rows;
}

/** The lean reader's rows, with trailing empty cells dropped as exceljs's comparison does. */
async function lean(bytes: Buffer) {
  const { rows } = await readFirstSheetCells(bytes);
  return rows.map(({ line, cells }) => {
    const trimmed = [...cells];
    while (trimmed.length > 0 && trimmed[trimmed.length - 1] === '') trimmed.pop();
    return { line, cells: trimmed };
  });
}

async function build(fill: (workbook: ExcelJS.Workbook) => void): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  fill(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

describe('the lean xlsx reader', () => {
  it('reads what exceljs reads: strings, numbers, booleans, dates, rich text, formulas, links, gaps', async () => {
    const bytes = await build((workbook) => {
      const sheet = workbook.addWorksheet('withdrawals');
      sheet.addRow(['币种', 'Chain', 'Address', 'Amount', 'Remark']);
      sheet.addRow(['USDT', 'TRON', 'TXYZ<&>"\'', 0.1, 'a & b < c']);
      sheet.addRow(['USDT', 'ETH', '0xabc', 123456789012345680, '  spaced  ']);
      sheet.addRow(['DOGE', 'DOGE', 'D1', 1e21, true]);
      sheet.addRow(['USDT', 'BSC', 'x', -0.000001, false]);
      sheet.addRow([]);
      sheet.addRow(['USDT', 'BSC', 'y', { formula: '0.1+0.2', result: 0.30000000000000004 }, 'formula']);
      sheet.addRow(['USDT', 'BSC', 'z', { formula: 'A1', result: 'text result' }, 'string formula']);
      sheet.addRow(['USDT', 'BSC', 'w', { formula: 'B1' }, 'no cached result']);
      sheet.addRow([
        { richText: [{ text: 'US', font: { bold: true } }, { text: 'DT' }] },
        'TRON',
        { text: 'linked', hyperlink: 'https://example.com' },
        '12.50',
        'rich + link',
      ]);
      const dated = sheet.addRow(['USDT', 'TRON', 'd', new Date(Date.UTC(2026, 10, 26, 8, 30)), 'a date']);
      dated.getCell(4).numFmt = 'yyyy-mm-dd hh:mm';
      const custom = sheet.addRow(['USDT', 'TRON', 'n', 1234.5, 'a number format']);
      custom.getCell(4).numFmt = '#,##0.00 "USDT"';
      const sparse = sheet.getRow(20);
      sparse.getCell(2).value = 'only B';
      sparse.getCell(28).value = 'AB column';
      sheet.getCell('C25').value = { error: '#DIV/0!' };
      sheet.getCell('D25').value = 'beside an error';
      sheet.mergeCells('A30:B30');
      sheet.getCell('A30').value = 'merged';
    });
    const expected = await throughExceljs(bytes);
    // A merged range's value is in its first cell only, as the file holds it (exceljs's full load
    // repeats it in every cell of the range; its streaming reader, which the preview used, did not).
    const merged = expected.find((row) => row.line === 30);
    if (merged) merged.cells = ['merged'];
    expect(await lean(bytes)).toEqual(expected);
    // What it reads, spelled out for a few cells.
    const rows = await lean(bytes);
    expect(rows.find((row) => row.line === 3)?.cells[3]).toBe('123456789012346000');
    expect(rows.find((row) => row.line === 4)?.cells[3]).toBe('1000000000000000000000');
    expect(rows.find((row) => row.line === 7)?.cells[3]).toBe('0.3');
    expect(rows.find((row) => row.line === 11)?.cells[3]).toBe('2026-11-26T08:30:00.000Z');
    expect(rows.find((row) => row.line === 20)?.cells[27]).toBe('AB column');
  });

  it('takes the first sheet in the workbook’s order, not the zip’s', async () => {
    const bytes = await build((workbook) => {
      workbook.addWorksheet('second').addRow(['not me']);
      workbook.addWorksheet('first').addRow(['me']);
      // exceljs writes sheets in the order added; the workbook's order is set by orderNo.
      const [second, first] = workbook.worksheets;
      if (second && first) {
        (second as unknown as { orderNo: number }).orderNo = 1;
        (first as unknown as { orderNo: number }).orderNo = 0;
      }
    });
    expect(await lean(bytes)).toEqual(await throughExceljs(bytes));
  });

  it('reads a workbook in the 1904 date system', async () => {
    const bytes = await build((workbook) => {
      (workbook.properties as unknown as { date1904: boolean }).date1904 = true;
      const row = workbook.addWorksheet('s').addRow([new Date(Date.UTC(2026, 0, 2))]);
      row.getCell(1).numFmt = 'd/m/yyyy';
    });
    expect(await lean(bytes)).toEqual(await throughExceljs(bytes));
    expect((await lean(bytes))[0]?.cells[0]).toBe('2026-01-02T00:00:00.000Z');
  });

  it('reads inline strings and leaves out phonetic guides, as Excel shows them', async () => {
    const sheet = `<?xml version="1.0" encoding="UTF-8"?>
<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>
<row r="2"><c r="A2" t="inlineStr"><is><r><t>US</t></r><r><t xml:space="preserve">DT </t></r></is></c><c r="C2" t="s"><v>0</v></c></row>
<row><c t="b"><v>1</v></c><c><v>2.5</v></c><c t="e"><v>#N/A</v></c><c s="1"><v>46000</v></c></row>
</sheetData></worksheet>`;
    const shared = `<?xml version="1.0" encoding="UTF-8"?>
<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>東京</t><rPh sb="0" eb="2"><t>トウキョウ</t></rPh></si></sst>`;
    const styles = `<?xml version="1.0" encoding="UTF-8"?>
<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><cellStyleXfs count="1"><xf numFmtId="14"/></cellStyleXfs><cellXfs count="2"><xf numFmtId="0"/><xf numFmtId="14"/></cellXfs></styleSheet>`;
    const bytes = await zip({
      '[Content_Types].xml': '<Types/>',
      'xl/workbook.xml':
        '<workbook xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="a" sheetId="1" r:id="rId1"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<Relationships><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/sharedStrings" Target="/xl/sharedStrings.xml"/><Relationship Id="rId3" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml': sheet,
      'xl/sharedStrings.xml': shared,
      'xl/styles.xml': styles,
    });
    expect((await readFirstSheetCells(bytes)).rows).toEqual([
      { line: 2, cells: ['USDT ', '', '東京'] },
      { line: 3, cells: ['TRUE', '2.5', '', '2025-12-09T00:00:00.000Z'] },
    ]);
  });

  it('refuses a damaged file: broken XML, a truncated entry, no workbook', async () => {
    const parts = {
      '[Content_Types].xml': '<Types/>',
      'xl/workbook.xml':
        '<workbook><sheets><sheet name="a" sheetId="1" r:id="rId1" xmlns:r="urn:r"/></sheets></workbook>',
      'xl/_rels/workbook.xml.rels':
        '<Relationships><Relationship Id="rId1" Type="x/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      'xl/worksheets/sheet1.xml': '<worksheet><sheetData><row r="1"><c t="s"><v>0</v></c></row>',
    };
    await expect(readFirstSheetCells(await zip(parts))).rejects.toBeInstanceOf(XlsxReadError);
    const { 'xl/workbook.xml': _, ...noWorkbook } = parts;
    await expect(readFirstSheetCells(await zip(noWorkbook))).rejects.toBeInstanceOf(XlsxReadError);
    const whole = await zip({ ...parts, 'xl/worksheets/sheet1.xml': '<worksheet><sheetData/></worksheet>' });
    expect((await readFirstSheetCells(whole)).rows).toEqual([]);
    await expect(readFirstSheetCells(whole.subarray(0, whole.length - 30))).rejects.toBeInstanceOf(
      XlsxReadError,
    );
  });
});

/** A zip of these text files, deflated (so the test can write parts exceljs does not). */
async function zip(files: Record<string, string>): Promise<Buffer> {
  const archive = new JSZip();
  for (const [name, text] of Object.entries(files)) archive.file(name, text);
  return archive.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' });
}
