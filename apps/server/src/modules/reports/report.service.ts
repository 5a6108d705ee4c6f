import {
  FUND_RECORD_TYPE_VALUES,
  type Money,
  money,
  type ReportDay,
  type ReportFilters,
  type ReportKind,
  type ReportResult,
  type ReportTotal,
  toDecimalString,
} from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { readUsdtRates } from '../dashboard/dashboard.repository';
import { readDailyStats, type StatRange } from './report.repository';

/**
 * POST /front/report/{kind} (issue 9, "Reports"), read from the kept aggregates
 * (merchant_daily_stats, daily-stats.ts says who keeps them):
 * - bill: every fund record, per day, currency and type; recharge: the bill's deposit rows;
 *   withdrawal: back-office withdrawals completed; collection: collection orders completed;
 *   payment: API payouts completed (docs/decisions/2026-11-26-reports.md);
 * - a day is the merchant's day (Asia/Shanghai); the range's ends are included;
 * - money is summed per currency in PostgreSQL and converted at the current rate to USDT with
 *   decimal.js (a currency without a rate counts 0, as on the dashboard and the asset page);
 * - the bill also answers what came in and what went out in USDT (each currency and type's net
 *   over the range, by its sign), beside their net;
 * `readReport` is also the export's source of a report's rows (the same filters).
 */
const SOURCES: Record<ReportKind, Pick<StatRange, 'kind' | 'types'>> = {
  bill: { kind: 'bill' },
  recharge: { kind: 'bill', types: ['deposit'] },
  withdrawal: { kind: 'withdrawal' },
  collection: { kind: 'collection' },
  payment: { kind: 'payment' },
};

type FundType = (typeof FUND_RECORD_TYPE_VALUES)[number];
const asType = (kind: ReportKind, type: string): FundType | null =>
  kind === 'bill' && (FUND_RECORD_TYPE_VALUES as readonly string[]).includes(type)
    ? (type as FundType)
    : null;

interface Sums {
  count: number;
  amount: Money;
  fee: Money;
  net: Money;
}

export async function readReport(
  db: Executor,
  merchantId: number,
  kind: ReportKind,
  filters: ReportFilters,
): Promise<ReportResult> {
  const source = SOURCES[kind];
  const [rows, rates] = await Promise.all([
    readDailyStats(db, {
      merchantId,
      ...source,
      from: filters.timeFrom,
      to: filters.timeTo,
      coin: filters.coinName,
    }),
    readUsdtRates(db),
  ]);
  const rateOf = (coin: string) => money(rates.get(coin) ?? '0');
  const inUsdt = (coin: string, sums: Omit<Sums, 'count'>) => {
    const rate = rateOf(coin);
    return {
      amountUsdt: toDecimalString(sums.amount.times(rate)),
      feeUsdt: toDecimalString(sums.fee.times(rate)),
      netUsdt: toDecimalString(sums.net.times(rate)),
    };
  };
  const figures = (coin: string, sums: Sums) => ({
    count: sums.count,
    amount: toDecimalString(sums.amount),
    fee: toDecimalString(sums.fee),
    net: toDecimalString(sums.net),
    ...inUsdt(coin, sums),
  });

  const days: ReportDay[] = [];
  const totals = new Map<string, { coin: string; type: string; sums: Sums }>();
  for (const row of rows) {
    const sums = { count: row.count, amount: money(row.amount), fee: money(row.fee), net: money(row.net) };
    days.push({
      day: row.day,
      coinName: row.coin,
      type: asType(kind, row.type),
      ...figures(row.coin, sums),
    });
    const key = `${row.coin}\u0000${row.type}`;
    const total = totals.get(key);
    if (!total) totals.set(key, { coin: row.coin, type: row.type, sums });
    else {
      total.sums = {
        count: total.sums.count + sums.count,
        amount: total.sums.amount.plus(sums.amount),
        fee: total.sums.fee.plus(sums.fee),
        net: total.sums.net.plus(sums.net),
      };
    }
  }
  const totalRows: ReportTotal[] = [...totals.values()]
    .sort((a, b) => (a.coin === b.coin ? a.type.localeCompare(b.type) : a.coin.localeCompare(b.coin)))
    .map((t) => ({ coinName: t.coin, type: asType(kind, t.type), ...figures(t.coin, t.sums) }));
  const usdt = [...totals.values()].map((t) => inUsdt(t.coin, t.sums));
  const sum = (pick: (u: (typeof usdt)[number]) => string) =>
    toDecimalString(usdt.reduce((acc, u) => acc.plus(pick(u)), money('0')));
  // The bill's directions: each currency and type's net over the range is money in (+) or out
  // (−); amountUsdt adds both together (issue 31). The same terms as netUsdt: in − out = net.
  const direction = (sign: 1 | -1) =>
    kind === 'bill'
      ? toDecimalString(
          usdt.reduce((acc, u) => {
            const net = money(u.netUsdt).times(sign);
            return net.greaterThan(0) ? acc.plus(net) : acc;
          }, money('0')),
        )
      : null;
  return {
    kind,
    timeFrom: filters.timeFrom,
    timeTo: filters.timeTo,
    days,
    totals: totalRows,
    totalUsdt: {
      count: [...totals.values()].reduce((acc, t) => acc + t.sums.count, 0),
      amountUsdt: sum((u) => u.amountUsdt),
      feeUsdt: sum((u) => u.feeUsdt),
      netUsdt: sum((u) => u.netUsdt),
      inUsdt: direction(1),
      outUsdt: direction(-1),
    },
  };
}
