import type { ReportKind, ReportResult } from '@tollgate/contracts';
import { type Money, money } from '@tollgate/contracts/money';

/**
 * The report's figures as the page shows them: every day of the range (days without activity
 * included, for the chart's axis), each summed over its currencies (and types) in USDT, exactly
 * (decimal strings; numbers only for drawing). The merchant's day is Asia/Shanghai.
 */
export const REPORT_DEFAULT_DAYS = 30;
export const REPORT_MAX_DAYS = 366;
const DAY_MS = 86_400_000;

/** Today in Asia/Shanghai, YYYY-MM-DD. */
export function merchantToday(now: Date = new Date()): string {
  return new Date(now.getTime() + 8 * 3_600_000).toISOString().slice(0, 10);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

export interface DayFigures {
  day: string;
  count: number;
  amountUsdt: string;
  feeUsdt: string;
  netUsdt: string;
}

export function dailyFigures(report: ReportResult): DayFigures[] {
  const byDay = new Map<string, { count: number; amount: Money; fee: Money; net: Money }>();
  for (const row of report.days) {
    const seen = byDay.get(row.day) ?? { count: 0, amount: money('0'), fee: money('0'), net: money('0') };
    byDay.set(row.day, {
      count: seen.count + row.count,
      amount: seen.amount.plus(row.amountUsdt),
      fee: seen.fee.plus(row.feeUsdt),
      net: seen.net.plus(row.netUsdt),
    });
  }
  const length = Math.max(0, daysBetween(report.timeFrom, report.timeTo));
  return Array.from({ length }, (_, i) => {
    const day = addDays(report.timeFrom, i);
    const seen = byDay.get(day);
    return {
      day,
      count: seen?.count ?? 0,
      amountUsdt: seen ? seen.amount.toFixed() : '0',
      feeUsdt: seen ? seen.fee.toFixed() : '0',
      netUsdt: seen ? seen.net.toFixed() : '0',
    };
  });
}

/** The bill's amounts add records of every type (a freeze and its release both count): its line is the net. */
export const lineFigure = (kind: ReportKind): 'amountUsdt' | 'netUsdt' =>
  kind === 'bill' ? 'netUsdt' : 'amountUsdt';
