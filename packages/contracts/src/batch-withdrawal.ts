import { z } from 'zod';
import { BATCH_MAX_ROWS } from './application-limits';
import { withdrawalObject } from './assets';
import type { Language } from './languages';
import { decimalString } from './money-schema';
import { codeField, commonQuery, requiredString } from './validation';

/**
 * Batch withdrawal from a spreadsheet (issue 8, SPEC 5 "Spreadsheet upload"): a template in the
 * merchant's language, the upload (dir `batch`), a preview with every row's error and the totals
 * per coin, and one submission with one Google code. A file made from any language's template
 * reads the same: its header is matched against every language's titles and the English keys.
 */
export const BATCH_COLUMNS = ['coin', 'chain', 'address', 'amount', 'remark'] as const;
export type BatchColumn = (typeof BATCH_COLUMNS)[number];
/** Every column but the remark must be in the header. */
export const BATCH_REQUIRED_COLUMNS = ['coin', 'chain', 'address', 'amount'] as const;

export const BATCH_COLUMN_TITLES: Record<Language, Record<BatchColumn, string>> = {
  zh_CN: { coin: '币种', chain: '网络', address: '提现地址', amount: '金额', remark: '备注' },
  zh_TW: { coin: '幣種', chain: '網路', address: '提現地址', amount: '金額', remark: '備註' },
  en_US: { coin: 'Coin', chain: 'Chain', address: 'Address', amount: 'Amount', remark: 'Remark' },
  vi_VN: { coin: 'Loại tiền', chain: 'Mạng', address: 'Địa chỉ', amount: 'Số lượng', remark: 'Ghi chú' },
};

/**
 * The template's example row. A row that is still this one (same address and amount) is flagged
 * in the preview rather than paid: it is there to be overwritten.
 */
export const BATCH_TEMPLATE_EXAMPLE = {
  coin: 'USDT',
  chain: 'TRON',
  address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  amount: '100',
  remark: {
    zh_CN: '示例行：请替换或删除',
    zh_TW: '範例行：請替換或刪除',
    en_US: 'Example row: replace or delete it',
    vi_VN: 'Dòng ví dụ: hãy thay hoặc xóa',
  } satisfies Record<Language, string>,
} as const;

export const BATCH_TEMPLATE_FORMATS = ['xlsx', 'csv'] as const;
export type BatchTemplateFormat = (typeof BATCH_TEMPLATE_FORMATS)[number];

export const batchTemplateQuery = commonQuery.extend({
  format: z
    .enum(BATCH_TEMPLATE_FORMATS, { error: 'validation.batch.format' })
    .default('xlsx')
    .describe('xlsx (default) or csv'),
});

export const batchPreviewBody = z.object({
  fileKey: requiredString('validation.batch.fileRequired')
    .trim()
    .min(1, { message: 'validation.batch.fileRequired' })
    .max(200, { message: 'validation.batch.fileNotFound' })
    .describe('The key the upload (dir `batch`) returned'),
  fileName: z
    .string({ error: 'validation.invalidType' })
    .trim()
    .max(255, { message: 'validation.tooLong' })
    .optional()
    .describe('The name the merchant gave the file, kept with the batch'),
});
export type BatchPreviewBody = z.input<typeof batchPreviewBody>;

export const batchPreviewRow = z.object({
  line: z.number().int().describe('The row number in the spreadsheet (the header is row 1)'),
  coinName: z.string(),
  chainId: z.string(),
  address: z.string(),
  amount: z.string().describe('As read from the file (a decimal string when the row is valid)'),
  fee: decimalString.nullable().describe("The rate table's payout fee; null when the row is invalid"),
  remark: z.string(),
  error: z.string().nullable().describe("Why this row would be refused, in the merchant's language"),
});
export type BatchPreviewRow = z.infer<typeof batchPreviewRow>;

export const batchTotal = z.object({
  coinName: z.string(),
  amount: decimalString.describe('The valid rows of this coin, added up'),
  fee: decimalString,
  total: decimalString.describe('amount + fee: what leaves the balance'),
  available: decimalString,
  enough: z.boolean().describe('total ≤ available'),
});
export type BatchTotal = z.infer<typeof batchTotal>;

export const batchPreview = z.object({
  batchId: z.string().describe('B and 24 hex digits; what the submission names'),
  rowCount: z.number().int(),
  errorCount: z.number().int().describe('Rows with an error: the batch cannot be submitted while > 0'),
  rows: z.array(batchPreviewRow).max(BATCH_MAX_ROWS),
  totals: z.array(batchTotal).describe('Per coin, over the valid rows'),
});
export type BatchPreview = z.infer<typeof batchPreview>;

export const BATCH_ID_PATTERN = /^B[0-9A-F]{24}$/;

export const batchSubmitBody = z.object({
  batchId: requiredString('validation.batch.batchId')
    .trim()
    .regex(BATCH_ID_PATTERN, { message: 'validation.batch.batchId' }),
  googleCode: codeField.describe('The current Google Authenticator code (6 digits): one for the batch'),
});
export type BatchSubmitBody = z.input<typeof batchSubmitBody>;

export const batchSubmitResult = z.object({
  batchId: z.string(),
  count: z.number().int().describe('Withdrawals made, one per row'),
  withdrawals: z.array(withdrawalObject),
});
export type BatchSubmitResult = z.infer<typeof batchSubmitResult>;
