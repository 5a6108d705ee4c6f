import type { DashboardWeek, OrderDaySummary } from '@tollgate/contracts';
import { money } from '@tollgate/contracts/money';
import type { TFunction } from 'i18next';
import type { ChartOption } from '../../../shared/charts/lazy-chart';
import { CLIENT_DEFAULTS, compactNumberFormat, formatAmount, formatDay } from '../../../shared/lib/format';

/**
 * The weekly chart's ECharts option (SPEC "Dashboard": completed orders and their amount per
 * day): bars for the orders completed each day on the left axis, a line for their amount in
 * USDT on the right. The tooltip is in the page's language and shows each day's amount exactly
 * as the server sent it, formatted; the bars and the line need numbers, which are used for
 * drawing only.
 */
export interface WeekChartText {
  t: TFunction;
  /** BCP 47 tag of the page's language, for the axis's compact numbers ("1.2K", "1.2万"). */
  locale: string;
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function weekTooltip(day: OrderDaySummary, { t }: WeekChartText): string {
  const currency = CLIENT_DEFAULTS.currency;
  const rows = [
    [t('dashboard.weeklyChart.completed'), String(day.completed)],
    [t('dashboard.weeklyChart.amount'), `${formatAmount(day.amountUsdt)} ${currency}`],
    [t('dashboard.weeklyChart.fee'), `${formatAmount(day.feeUsdt)} ${currency}`],
  ];
  const lines = rows
    .map(([label, value]) => `${escapeHtml(label ?? '')}: <b>${escapeHtml(value ?? '')}</b>`)
    .join('<br/>');
  return `${escapeHtml(formatDay(day.day))}<br/>${lines}`;
}

/**
 * An axis with nothing on it: ECharts would stretch its empty range to 0..1 and label the top
 * "1" (issue 31). It keeps its 0 and its one step, unlabelled, so the empty week reads as zero.
 */
const EMPTY_AXIS = { min: 0, max: 1, interval: 1 } as const;

export function weekChartOption(week: DashboardWeek, text: WeekChartText): ChartOption {
  const { t, locale } = text;
  const compact = compactNumberFormat(locale);
  const label = (empty: boolean) => ({
    formatter: (v: number) => (empty && v !== 0 ? '' : compact.format(v)),
  });
  const noOrders = week.days.every((day) => day.completed === 0);
  const noAmount = week.days.every((day) => money(day.amountUsdt).isZero());
  const completedName = t('dashboard.weeklyChart.completed');
  const amountName = `${t('dashboard.weeklyChart.amount')} (${CLIENT_DEFAULTS.currency})`;
  return {
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, data: [completedName, amountName] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      formatter: (params: { dataIndex: number }[] | { dataIndex: number }) => {
        const first = Array.isArray(params) ? params[0] : params;
        const day = first ? week.days[first.dataIndex] : undefined;
        return day ? weekTooltip(day, text) : '';
      },
    },
    xAxis: { type: 'category', data: week.days.map((day) => formatDay(day.day.slice(5))) },
    yAxis: [
      { type: 'value', minInterval: 1, ...(noOrders ? EMPTY_AXIS : {}), axisLabel: label(noOrders) },
      {
        type: 'value',
        ...(noAmount ? EMPTY_AXIS : {}),
        splitLine: { show: false },
        axisLabel: label(noAmount),
      },
    ],
    series: [
      { name: completedName, type: 'bar', barMaxWidth: 28, data: week.days.map((day) => day.completed) },
      {
        name: amountName,
        type: 'line',
        yAxisIndex: 1,
        // Straight segments: a smoothed curve bulges between an empty day and a full one.
        // Drawing only: the tooltip shows the exact decimal.
        data: week.days.map((day) => money(day.amountUsdt).toNumber()),
      },
    ],
  };
}

/** The week's totals, summed exactly: what the card says above the chart. */
export function weekTotals(week: DashboardWeek) {
  let amount = money('0');
  let completed = 0;
  for (const day of week.days) {
    amount = amount.plus(money(day.amountUsdt));
    completed += day.completed;
  }
  return { completed, amountUsdt: amount.toFixed() };
}
