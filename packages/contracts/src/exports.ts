import { z } from 'zod';
import { transactionRecordBody } from './assets';
import { fundsRecordBody, orderPageBody } from './order-records';
import { reportBody } from './reports';
import { commonQuery } from './validation';

/**
 * Exports (issue 9): POST /front/export answers the file itself up to the direct limit
 * (100,000 rows by default) and `{ exportId }` beyond it; the export then runs as a job whose
 * progress GET /front/export/status reports, and its file is fetched from `downloadUrl` (the
 * owner's token, kept 24 h). `filters` are exactly those of the kind's list call, paging aside.
 */
export const EXPORT_LIST_KINDS = ['collection', 'payout', 'deposit', 'withdrawal', 'fundFlow'] as const;
/** The reports' kinds (POST /front/report/{bill|…}): their days and totals, with the report's filters. */
export const EXPORT_REPORT_KINDS = [
  'billReport',
  'rechargeReport',
  'withdrawalReport',
  'collectionReport',
  'paymentReport',
] as const;
export const EXPORT_KINDS = [...EXPORT_LIST_KINDS, ...EXPORT_REPORT_KINDS] as const;
export type ExportKind = (typeof EXPORT_KINDS)[number];
export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** The default number of rows answered as a file; more become a job. */
export const EXPORT_DIRECT_MAX_ROWS = 100_000;
/** Exports a merchant may have queued or running at once; one more is refused (429). */
export const EXPORT_MAX_ACTIVE_JOBS = 2;
/** POST /front/export calls per merchant per minute (the default of EXPORT_RATE_LIMIT). */
export const EXPORT_RATE_LIMIT = 10;

const format = z.enum(EXPORT_FORMATS, { error: 'validation.export.format' });
const timeZone = z
  .string({ error: 'validation.export.timeZone' })
  .trim()
  .max(64, { message: 'validation.export.timeZone' })
  .refine(isTimeZone, { message: 'validation.export.timeZone' })
  .optional()
  .describe("The IANA time zone the file's dates are written in (the browser's); default Asia/Shanghai");

function isTimeZone(value: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const paging = { pageNo: true, pageSize: true } as const;
const orderFilters = orderPageBody.omit({ ...paging, type: true });
const transactionFilters = transactionRecordBody.omit({ ...paging, type: true });
const fundFilters = fundsRecordBody.omit(paging);
export type ExportOrderFilters = z.output<typeof orderFilters>;
export type ExportTransactionFilters = z.output<typeof transactionFilters>;
export type ExportFundFilters = z.output<typeof fundFilters>;

const variant = <K extends ExportKind, F extends z.ZodType>(kind: K, filters: F) =>
  z.object({ kind: z.literal(kind), format, filters, timeZone });

export const exportBody = z.discriminatedUnion(
  'kind',
  [
    variant('collection', orderFilters.default({})),
    variant('payout', orderFilters.default({})),
    variant('deposit', transactionFilters.default({})),
    variant('withdrawal', transactionFilters.default({})),
    variant('fundFlow', fundFilters.default({})),
    ...EXPORT_REPORT_KINDS.map((kind) => variant(kind, reportBody)),
  ],
  { error: 'validation.export.kind' },
);
export type ExportBody = z.input<typeof exportBody>;
export type ExportRequest = z.output<typeof exportBody>;

/** The answer when the rows are more than the direct limit (otherwise the answer is the file). */
export const exportJobStarted = z.object({
  exportId: z.string().describe('Ask GET /front/export/status with it'),
  rows: z.number().int().describe('At least this many rows (counted up to the limit + 1)'),
});

export const exportIdQuery = commonQuery.extend({
  exportId: z
    .string({ error: 'validation.export.id' })
    .trim()
    .regex(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i, {
      message: 'validation.export.id',
    }),
});

export const EXPORT_STATUS_VALUES = ['queued', 'running', 'done', 'failed', 'expired'] as const;

export const exportStatus = z.object({
  exportId: z.string(),
  kind: z.enum(EXPORT_KINDS),
  format,
  status: z.enum(EXPORT_STATUS_VALUES),
  rows: z.number().int().describe('Rows written so far'),
  total: z.number().int().nullable().describe('Rows to write, once counted'),
  progress: z.number().int().min(0).max(100).describe('Percent written'),
  downloadUrl: z.string().nullable().describe('Once done: GET it with the token header, until expiresAt'),
  fileName: z.string(),
  expiresAt: z.string().nullable(),
});
export type ExportStatusResult = z.infer<typeof exportStatus>;
