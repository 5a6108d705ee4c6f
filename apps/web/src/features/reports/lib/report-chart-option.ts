import type { ReportKind } from '@tollgate/contracts';
import { money } from '@tollgate/contracts/money';
import type { TFunction } from 'i18next';
import type { ChartOption } from '../../../shared/charts/lazy-chart';
import { compactNumberFormat, formatAmount, formatDay } from '../../../shared/lib/format';
import { type DayFigures, lineFigure } from './report-days';

/**
 * A report's chart: per day, the count as bars (left axis) and the amount in USDT as a line
 * (right axis; the bill's net). The tooltip is in the page's language and shows the exact
 * decimals, formatted; the numbers are for drawing only.
 */
export interface ReportChartText {
  t: TFunction;
  /** BCP 47 tag of the page's language, for the axes' compact numbers. */
  locale: string;
}

const USDT = 'USDT';
const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

export function reportTooltip(day: DayFigures, { t }: ReportChartText): string {
  const rows = [
    [t('reports.chart.count'), String(day.count)],
    [t('reports.chart.amount'), `${formatAmount(day.amountUsdt)} ${USDT}`],
    [t('reports.chart.fee'), `${formatAmount(day.feeUsdt)} ${USDT}`],
    [t('reports.chart.net'), `${formatAmount(day.netUsdt)} ${USDT}`],
  ];
  const lines = rows
    .map(([label, value]) => `${escapeHtml(label ?? '')}: <b>${escapeHtml(value ?? '')}</b>`)
    .join('<br/>');
  return `${escapeHtml(formatDay(day.day))}<br/>${lines}`;
}

export function reportChartOption(kind: ReportKind, days: DayFigures[], text: ReportChartText): ChartOption {
  const { t, locale } = text;
  const compact = compactNumberFormat(locale);
  const figure = lineFigure(kind);
  const countName = t('reports.chart.count');
  const lineName = `${t(figure === 'netUsdt' ? 'reports.chart.net' : 'reports.chart.amount')} (${USDT})`;
  return {
    grid: { left: 8, right: 8, top: 40, bottom: 8, containLabel: true },
    legend: { top: 0, data: [countName, lineName] },
    tooltip: {
      trigger: 'axis',
      axisPointer: { type: 'shadow' },
      confine: true,
      formatter: (params: { dataIndex: number }[] | { dataIndex: number }) => {
        const first = Array.isArray(params) ? params[0] : params;
        const day = first ? days[first.dataIndex] : undefined;
        return day ? reportTooltip(day, text) : '';
      },
    },
    xAxis: { type: 'category', data: days.map((day) => formatDay(day.day.slice(5))) },
    yAxis: [
      { type: 'value', minInterval: 1, axisLabel: { formatter: (v: number) => compact.format(v) } },
      {
        type: 'value',
        splitLine: { show: false },
        axisLabel: { formatter: (v: number) => compact.format(v) },
      },
    ],
    series: [
      { name: countName, type: 'bar', barMaxWidth: 24, data: days.map((day) => day.count) },
      {
        name: lineName,
        type: 'line',
        yAxisIndex: 1,
        // Straight: a smoothed line over quiet days with one busy one dips below zero.
        smooth: false,
        showSymbol: days.length <= 31,
        data: days.map((day) => money(day[figure]).toNumber()),
      },
    ],
  };
}
