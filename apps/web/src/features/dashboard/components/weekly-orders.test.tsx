import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../shared/lib/i18n';
import { weekChartOption, weekTooltip, weekTotals } from './week-chart-option';
import { WeeklyOrders } from './weekly-orders';

const DAYS = [
  '2026-11-20',
  '2026-11-21',
  '2026-11-22',
  '2026-11-23',
  '2026-11-24',
  '2026-11-25',
  '2026-11-26',
];
const empty = (day: string) => ({ day, created: 0, completed: 0, amountUsdt: '0', feeUsdt: '0' });
const COLLECTION_WEEK = {
  type: 'collection',
  days: DAYS.map((day, index) =>
    index === 5
      ? { day, created: 3, completed: 2, amountUsdt: '0.1', feeUsdt: '0.0008' }
      : index === 6
        ? { day, created: 1, completed: 1, amountUsdt: '1234.2', feeUsdt: '9.8736' }
        : empty(day),
  ),
} as const;
const PAYOUT_WEEK = { type: 'payout', days: DAYS.map(empty) } as const;

describe('WeeklyOrders', () => {
  it("shows the week's totals for collection, then asks for payouts and says there were none", async () => {
    const api = mockApi({ '/dashboard/week': [ok(COLLECTION_WEEK), ok(PAYOUT_WEEK)] });
    renderWithProviders(<WeeklyOrders />);
    const totals = await screen.findByTestId('weekly-chart-totals');
    expect(totals.textContent).toBe("3 completed in the past 7 days, 1,234.30 USDT at today's rates");
    expect(api.callsTo('/dashboard/week')[0]?.body.type).toBe('collection');
    fireEvent.click(screen.getByText('Payout'));
    await waitFor(() =>
      expect(screen.getByTestId('weekly-chart-totals').textContent).toBe(
        'No payout orders were completed in the past 7 days.',
      ),
    );
    expect(api.callsTo('/dashboard/week').at(-1)?.body.type).toBe('payout');
  });

  it('says what failed and reads again on retry', async () => {
    const api = mockApi({
      '/dashboard/week': [{ code: 5000, data: null, message: 'Server busy' }, ok(COLLECTION_WEEK)],
    });
    renderWithProviders(<WeeklyOrders />);
    const error = await screen.findByTestId('weekly-chart-error');
    expect(error.textContent).toContain('Server busy');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('weekly-chart-totals')).toBeTruthy();
    expect(api.callsTo('/dashboard/week')).toHaveLength(2);
  });
});

describe('the weekly chart option', () => {
  const text = { t: i18n.t, locale: 'en' };

  it('sums the week exactly and draws one bar and one point per day', () => {
    expect(weekTotals(COLLECTION_WEEK)).toEqual({ completed: 3, amountUsdt: '1234.3' });
    const option = weekChartOption(COLLECTION_WEEK, text) as {
      xAxis: { data: string[] };
      series: { type: string; data: number[] }[];
    };
    expect(option.xAxis.data).toEqual(['11/20', '11/21', '11/22', '11/23', '11/24', '11/25', '11/26']);
    expect(option.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect(option.series[0]?.data).toEqual([0, 0, 0, 0, 0, 2, 1]);
  });

  it("the tooltip names the day's figures in the language, amounts as sent, formatted", () => {
    const day = { day: '2026-11-26', created: 1, completed: 1, amountUsdt: '1234.2', feeUsdt: '9.8736' };
    expect(weekTooltip(day, text)).toBe(
      '2026/11/26<br/>Completed orders: <b>1</b><br/>Amount: <b>1,234.20 USDT</b><br/>Fees: <b>9.87 USDT</b>',
    );
    const option = weekChartOption(COLLECTION_WEEK, text) as {
      tooltip: { formatter: (params: { dataIndex: number }[]) => string };
    };
    expect(option.tooltip.formatter([{ dataIndex: 6 }])).toBe(weekTooltip(day, text));
  });
});
