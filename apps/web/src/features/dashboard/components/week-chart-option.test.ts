import type { DashboardWeek } from '@tollgate/contracts';
import * as echarts from 'echarts/core';
import { describe, expect, it } from 'vitest';
// Registers the chart types and components the app draws with.
import '../../../shared/charts/echarts-view';
import { i18n } from '../../../shared/lib/i18n';
import { weekChartOption } from './week-chart-option';

const DAYS = [
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
];
const day = (date: string, completed = 0, amountUsdt = '0') => ({
  day: date,
  created: completed,
  completed,
  amountUsdt,
  feeUsdt: '0',
});

/** The texts ECharts draws for `week`, as the SVG it would put on the page. */
function drawnTexts(week: DashboardWeek): string[] {
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: 640, height: 280 });
  chart.setOption(weekChartOption(week, { t: i18n.t, locale: 'en' }));
  const svg = chart.renderToSVGString();
  chart.dispose();
  return [...svg.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((match) => match[1] ?? '');
}

/** The axis labels: what is drawn but the legend and the days. */
const axisLabels = (texts: string[]) =>
  texts.filter((text) => /^[\d.,]+[KMB]?$/.test(text) && !/\//.test(text));

describe('the weekly chart, drawn', () => {
  it('an empty week labels its axes 0 only, never "1"', () => {
    const labels = axisLabels(drawnTexts({ type: 'payout', days: DAYS.map((date) => day(date)) }));
    expect(labels.length).toBeGreaterThan(0);
    expect(new Set(labels)).toEqual(new Set(['0']));
  });

  it('a week with orders labels its axes by its figures', () => {
    const week = {
      type: 'collection',
      days: DAYS.map((date, index) => (index === 6 ? day(date, 3, '1500') : day(date))),
    } as const;
    const labels = axisLabels(drawnTexts(week));
    expect(labels).toContain('3');
    expect(labels).toContain('1.5K');
  });

  it('an empty count beside a paid amount keeps the amount axis and only zeroes the count', () => {
    const week = {
      type: 'collection',
      days: DAYS.map((date, index) => (index === 6 ? { ...day(date, 0, '20'), created: 1 } : day(date))),
    } as const;
    const labels = axisLabels(drawnTexts(week));
    expect(labels).toContain('20');
    expect(labels).not.toContain('1');
  });
});
