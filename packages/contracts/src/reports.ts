import { z } from 'zod';
import { decimalString } from './money-schema';
import { FUND_RECORD_TYPE_VALUES } from './order-records';

/**
 * The reports (issue 9, SPEC menu: bill, recharge, withdrawal, collection and payment reports):
 * POST /front/report/{kind} with a range of the merchant's days (Asia/Shanghai, both ends
 * included, at most REPORT_MAX_DAYS) and an optional currency. Each answers the days with
 * activity, per currency (and per fund record type for the bill), with the count, amount, fee
 * and net, each also at the current rate in USDT; then the range's totals per currency and in
 * USDT. What each report counts is in docs/decisions/2026-11-26-reports.md.
 */
export const REPORT_KINDS = ['bill', 'recharge', 'withdrawal', 'collection', 'payment'] as const;
export type ReportKind = (typeof REPORT_KINDS)[number];
export const REPORT_MAX_DAYS = 366;

const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;
/** A real calendar day written YYYY-MM-DD. */
export function isReportDay(value: string): boolean {
  if (!DAY_PATTERN.test(value)) return false;
  const parsed = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === value;
}
/** Days from `from` to `to`, both included (1 for the same day; ≤ 0 when reversed). */
export function reportDayCount(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

const day = z
  .string({ error: 'validation.report.day' })
  .trim()
  .refine(isReportDay, { message: 'validation.report.day', abort: true });

/** The filters of every report (an export of a report takes the same). */
export const reportBody = z
  .object({
    timeFrom: day.describe("The first day, YYYY-MM-DD (the merchant's day, Asia/Shanghai)"),
    timeTo: day.describe('The last day, included'),
    coinName: z
      .preprocess(
        (value) => (value === '' || value === null ? undefined : value),
        z
          .string({ error: 'validation.invalidType' })
          .trim()
          .max(16, { message: 'validation.tooLong' })
          .optional(),
      )
      .describe('One currency, e.g. USDT (all when absent)'),
  })
  .superRefine((body, ctx) => {
    const days = reportDayCount(body.timeFrom, body.timeTo);
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['timeTo'], message: 'validation.report.order' });
    else if (days > REPORT_MAX_DAYS) {
      ctx.addIssue({ code: 'custom', path: ['timeTo'], message: 'validation.report.range' });
    }
  });
export type ReportBody = z.input<typeof reportBody>;
export type ReportFilters = z.output<typeof reportBody>;

const figures = {
  count: z.number().int().describe('How many (records for the bill, deposits, withdrawals, orders)'),
  amount: decimalString,
  fee: decimalString,
  net: decimalString.describe(
    'Incoming: amount − fee (what was credited); outgoing: amount + fee (what left the balance); bill: the sum of the balance changes, signed',
  ),
  amountUsdt: decimalString.describe('The amount at the current rate in USDT (0 without a rate)'),
  feeUsdt: decimalString,
  netUsdt: decimalString,
};
const type = z
  .enum(FUND_RECORD_TYPE_VALUES)
  .nullable()
  .describe('The fund record type (bill report), null in the others');

export const reportDay = z.object({
  day: z.string().describe('YYYY-MM-DD'),
  coinName: z.string(),
  type,
  ...figures,
});
export type ReportDay = z.infer<typeof reportDay>;

export const reportTotal = z.object({ coinName: z.string(), type, ...figures });
export type ReportTotal = z.infer<typeof reportTotal>;

export const reportResult = z.object({
  kind: z.enum(REPORT_KINDS),
  timeFrom: z.string(),
  timeTo: z.string(),
  days: z.array(reportDay).describe('The days with activity, oldest first, then by currency and type'),
  totals: z.array(reportTotal).describe("The range's totals per currency (and type)"),
  totalUsdt: z
    .object({
      count: z.number().int(),
      amountUsdt: decimalString,
      feeUsdt: decimalString,
      netUsdt: decimalString,
      inUsdt: decimalString
        .nullable()
        .describe(
          'Bill only (null in the others): what came into the balance, in USDT (the currencies and types whose net over the range is positive)',
        ),
      outUsdt: decimalString
        .nullable()
        .describe(
          'Bill only: what left the balance, in USDT, as a positive figure; netUsdt = inUsdt − outUsdt',
        ),
    })
    .describe(
      "Everything in the range, in USDT. The bill's amountUsdt and feeUsdt add both directions together: read inUsdt, outUsdt and netUsdt",
    ),
});
export type ReportResult = z.infer<typeof reportResult>;
