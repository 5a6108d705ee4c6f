import { z } from 'zod';
import { decimalString } from './money-schema';
import { commonQuery } from './validation';

/**
 * The dashboard's order cards (issue 9, SPEC "Dashboard"): today's collection and payout
 * orders, and the past seven days of completed ones. A day is the merchant's day in
 * Asia/Shanghai; money is summed per currency and converted at today's rate to USDT.
 */
export const DASHBOARD_ORDER_TYPES = ['collection', 'payout'] as const;
export type DashboardOrderType = (typeof DASHBOARD_ORDER_TYPES)[number];
export const DASHBOARD_WEEK_DAYS = 7;

/** One kind of order over one day. */
export const orderDaySummary = z.object({
  day: z.string().describe('The day in Asia/Shanghai, YYYY-MM-DD'),
  created: z.number().int().describe('Orders created that day, whatever became of them'),
  completed: z.number().int().describe('Orders completed that day, whenever created'),
  amountUsdt: decimalString.describe('What the orders completed that day were for, in USDT'),
  feeUsdt: decimalString.describe('The fees taken on the orders completed that day, in USDT'),
});
export type OrderDaySummary = z.infer<typeof orderDaySummary>;

/** GET /dashboard/today: today's collection and payout figures. */
export const dashboardToday = z.object({
  collection: orderDaySummary,
  payout: orderDaySummary,
});
export type DashboardToday = z.infer<typeof dashboardToday>;

export const dashboardWeekQuery = commonQuery.extend({
  type: z.enum(DASHBOARD_ORDER_TYPES, { error: 'validation.records.orderType' }).default('collection'),
});

/** GET /dashboard/week: the past seven days, oldest first, today last; days without orders included. */
export const dashboardWeek = z.object({
  type: z.enum(DASHBOARD_ORDER_TYPES),
  days: z.array(orderDaySummary),
});
export type DashboardWeek = z.infer<typeof dashboardWeek>;
