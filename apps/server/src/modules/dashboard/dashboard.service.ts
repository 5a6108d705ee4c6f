import {
  DASHBOARD_WEEK_DAYS,
  type DashboardOrderType,
  type DashboardToday,
  type DashboardWeek,
  type Money,
  money,
  type OrderDaySummary,
  sumMoney,
  toDecimalString,
} from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { dayName, dayStart, shanghaiDay } from '../../lib/merchant-day';
import {
  countCreatedPerDay,
  type OrderRange,
  readUsdtRates,
  sumCompletedPerDay,
} from './dashboard.repository';

/**
 * GET /front/dashboard/today and /front/dashboard/week (issue 9, SPEC "Dashboard").
 * - A day is the merchant's day in Asia/Shanghai.
 * - `created` counts the orders created that day, whatever became of them; `completed`,
 *   `amountUsdt` and `feeUsdt` are the orders completed that day, whenever created: the money
 *   that day brought in (collections) or sent out (payouts). Today's card is the week's last day.
 * - An order's amount and fee are in its currency; each currency's sum is converted at the
 *   current rate to USDT (a currency without a rate counts as 0, as in the balance total).
 */
export interface DashboardDeps {
  db: Executor;
  now: () => Date;
}

async function summarize(
  deps: DashboardDeps,
  merchantId: number,
  type: DashboardOrderType,
  days: number,
): Promise<OrderDaySummary[]> {
  const today = shanghaiDay(deps.now());
  const first = today - days + 1;
  const range: OrderRange = { merchantId, type, from: dayStart(first), to: dayStart(today + 1) };
  const [created, completed, rates] = await Promise.all([
    countCreatedPerDay(deps.db, range),
    sumCompletedPerDay(deps.db, range),
    readUsdtRates(deps.db),
  ]);
  const toUsdt = (value: string, currency: string): Money =>
    money(value).times(money(rates.get(currency) ?? '0'));
  return Array.from({ length: days }, (_, index) => {
    const day = first + index;
    const done = completed.filter((row) => row.day === day);
    return {
      day: dayName(day),
      created: created.find((row) => row.day === day)?.created ?? 0,
      completed: done.reduce((sum, row) => sum + row.completed, 0),
      amountUsdt: toDecimalString(sumMoney(done.map((row) => toUsdt(row.amount, row.currency)))),
      feeUsdt: toDecimalString(sumMoney(done.map((row) => toUsdt(row.fee, row.currency)))),
    };
  });
}

export async function getDashboardToday(deps: DashboardDeps, merchantId: number): Promise<DashboardToday> {
  const [[collection], [payout]] = await Promise.all([
    summarize(deps, merchantId, 'collection', 1),
    summarize(deps, merchantId, 'payout', 1),
  ]);
  if (!collection || !payout) throw new Error('a one-day summary has one day');
  return { collection, payout };
}

export async function getDashboardWeek(
  deps: DashboardDeps,
  merchantId: number,
  type: DashboardOrderType,
): Promise<DashboardWeek> {
  return { type, days: await summarize(deps, merchantId, type, DASHBOARD_WEEK_DAYS) };
}
