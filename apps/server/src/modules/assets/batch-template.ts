import {
  BATCH_COLUMN_TITLES,
  BATCH_COLUMNS,
  BATCH_TEMPLATE_EXAMPLE,
  type BatchTemplateFormat,
  type Language,
  XLSX_TYPE,
} from '@tollgate/contracts';
import ExcelJS from 'exceljs';

/**
 * The batch withdrawal template (issue 8): the header in the merchant's language (coin, chain,
 * address, amount, remark: the chain column takes a chainId such as TRON, ETH, BSC, POLYGON or
 * DOGE) and one example row. In the .xlsx the address and amount columns are text cells, so what
 * is typed there is kept as typed, never turned into a binary number. The .csv is UTF-8 with a
 * byte order mark (Excel reads Chinese headers right only with it), CRLF line ends.
 */
export interface TemplateFile {
  fileName: string;
  contentType: string;
  body: Buffer;
}

const TEXT = '@';

function exampleRow(lang: Language): string[] {
  const { coin, chain, address, amount, remark } = BATCH_TEMPLATE_EXAMPLE;
  return [coin, chain, address, amount, remark[lang]];
}

async function buildXlsx(lang: Language): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Tollgate';
  const sheet = workbook.addWorksheet('withdrawals', { views: [{ state: 'frozen', ySplit: 1 }] });
  const titles = BATCH_COLUMN_TITLES[lang];
  const widths = { coin: 10, chain: 12, address: 48, amount: 16, remark: 32 };
  sheet.columns = BATCH_COLUMNS.map((column) => ({
    header: titles[column],
    key: column,
    width: widths[column],
    style: column === 'address' || column === 'amount' ? { numFmt: TEXT } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  const row = sheet.addRow(exampleRow(lang));
  for (const cell of [row.getCell(3), row.getCell(4)]) cell.numFmt = TEXT;
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const csvField = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

function buildCsv(lang: Language): Buffer {
  const titles = BATCH_COLUMN_TITLES[lang];
  const lines = [BATCH_COLUMNS.map((column) => titles[column]), exampleRow(lang)];
  return Buffer.from(`\uFEFF${lines.map((cells) => cells.map(csvField).join(',')).join('\r\n')}\r\n`, 'utf8');
}

export async function buildBatchTemplate(format: BatchTemplateFormat, lang: Language): Promise<TemplateFile> {
  const fileName = `batch-withdrawal-template-${lang}.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', body: buildCsv(lang) };
  return { fileName, contentType: XLSX_TYPE, body: await buildXlsx(lang) };
}
