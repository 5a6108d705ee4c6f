import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ReportResult } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { i18n } from '../../../shared/lib/i18n';
import { reportChartOption, reportTooltip } from '../lib/report-chart-option';
import { addDays, dailyFigures, merchantToday } from '../lib/report-days';
import { ReportPage } from './report-page';

const usdt = (amount: string, fee: string) => ({
  amount,
  fee,
  net: '0',
  amountUsdt: amount,
  feeUsdt: fee,
  netUsdt: '0',
});
const COLLECTION = {
  kind: 'collection',
  timeFrom: '2026-11-24',
  timeTo: '2026-11-26',
  days: [
    {
      day: '2026-11-24',
      coinName: 'USDT',
      type: null,
      count: 2,
      ...usdt('1234.5', '9.876'),
      net: '1224.624',
    },
    {
      day: '2026-11-26',
      coinName: 'ETH',
      type: null,
      count: 1,
      amount: '0.5',
      fee: '0.004',
      net: '0.496',
      amountUsdt: '1500',
      feeUsdt: '12',
      netUsdt: '1488',
    },
    { day: '2026-11-26', coinName: 'USDT', type: null, count: 1, ...usdt('0.000001', '0'), net: '0.000001' },
  ],
  totals: [
    {
      coinName: 'ETH',
      type: null,
      count: 1,
      amount: '0.5',
      fee: '0.004',
      net: '0.496',
      amountUsdt: '1500',
      feeUsdt: '12',
      netUsdt: '1488',
    },
    { coinName: 'USDT', type: null, count: 3, ...usdt('1234.500001', '9.876'), net: '1224.624001' },
  ],
  totalUsdt: {
    count: 4,
    amountUsdt: '2734.500001',
    feeUsdt: '21.876',
    netUsdt: '2712.624001',
    inUsdt: null,
    outUsdt: null,
  },
} satisfies ReportResult;
const EMPTY = {
  ...COLLECTION,
  days: [],
  totals: [],
  totalUsdt: { count: 0, amountUsdt: '0', feeUsdt: '0', netUsdt: '0', inUsdt: null, outUsdt: null },
};

describe('ReportPage', () => {
  it('asks for the last 30 days of the merchant, then shows each day and currency with the totals and the USDT total', async () => {
    const api = mockApi({ '/report/collection': ok(COLLECTION), '/config/coinList': ok([]) });
    renderWithProviders(<ReportPage kind="collection" />);
    const table = await screen.findByTestId('report-table');
    const today = merchantToday();
    expect(api.callsTo('/report/collection')[0]?.body).toMatchObject({
      timeFrom: addDays(today, -29),
      timeTo: today,
    });
    // Newest first, days as YYYY/MM/DD, each currency's decimals exact with separators, their
    // USDT equivalents at USDT's 2 decimals.
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => row.textContent);
    expect(rows.some((row) => row?.startsWith('2026/11/26ETH1'))).toBe(true);
    // Within a day, the server's order (currency, then type), as in the totals: ETH, then USDT.
    const dayRows = rows.filter((row) => /^2026\/11\/2\d/.test(row ?? '')).map((row) => row?.slice(0, 14));
    expect(dayRows).toEqual(['2026/11/26ETH1', '2026/11/26USDT', '2026/11/24USDT']);
    expect(rows.some((row) => row?.includes('2026/11/24USDT21,234.59.8761,224.6241,234.50'))).toBe(true);
    expect(screen.getAllByTestId('report-total-row')).toHaveLength(2);
    expect(screen.getByTestId('report-usdt-count').textContent).toBe('4');
    expect(screen.getByTestId('report-usdt-amount').textContent).toBe('2,734.50');
    expect(screen.getByTestId('report-note').textContent).toContain('Collection orders completed');
  });

  it('sends the chosen currency and says when the range has nothing', async () => {
    const api = mockApi({
      '/report/collection': [ok(COLLECTION), ok(EMPTY)],
      '/config/coinList': ok([{ coinName: 'USDT', chainId: 'TRON' }]),
    });
    renderWithProviders(<ReportPage kind="collection" />);
    await screen.findByTestId('report-usdt-count');
    fireEvent.mouseDown(within(screen.getByTestId('report-currency')).getByRole('combobox'));
    fireEvent.click(await screen.findByTitle('USDT'));
    fireEvent.click(screen.getByTestId('report-search'));
    await waitFor(() => expect(api.callsTo('/report/collection')).toHaveLength(2));
    expect(api.callsTo('/report/collection')[1]?.body).toMatchObject({ coinName: 'USDT' });
    expect(await screen.findByText('Nothing in this date range')).toBeTruthy();
    expect(screen.queryByTestId('report-usdt-row')).toBeNull();
  });

  it('bill: shows money in, money out and their net in USDT, never the two added together', async () => {
    const bill = {
      kind: 'bill',
      timeFrom: '2026-11-24',
      timeTo: '2026-11-26',
      days: [
        {
          day: '2026-11-26',
          coinName: 'USDT',
          type: 'deposit',
          count: 1,
          ...usdt('100.416', '0'),
          net: '100.416',
        },
        {
          day: '2026-11-26',
          coinName: 'USDT',
          type: 'withdraw',
          count: 1,
          ...usdt('20', '0.085'),
          net: '-20.085',
        },
      ],
      totals: [
        { coinName: 'USDT', type: 'deposit', count: 1, ...usdt('100.416', '0'), net: '100.416' },
        { coinName: 'USDT', type: 'withdraw', count: 1, ...usdt('20', '0.085'), net: '-20.085' },
      ],
      totalUsdt: {
        count: 2,
        amountUsdt: '120.416',
        feeUsdt: '0.085',
        netUsdt: '80.331',
        inUsdt: '100.416',
        outUsdt: '20.085',
      },
    } satisfies ReportResult;
    mockApi({ '/report/bill': ok(bill), '/config/coinList': ok([]) });
    renderWithProviders(<ReportPage kind="bill" />);
    // Rounded half-up at USDT's 2 decimals, the exact value on hover.
    expect((await screen.findByTestId('report-flow-in')).textContent).toBe('100.42');
    expect(screen.getByTestId('report-flow-out').textContent).toBe('20.09');
    expect(screen.getByTestId('report-flow-out').getAttribute('data-exact')).toBe('20.085');
    expect(screen.getByTestId('report-flow-net').textContent).toBe('80.33');
    expect(screen.getByTestId('report-flow').textContent).toContain('Money in (USDT)');
    expect(screen.getByTestId('report-usdt-in').textContent).toBe('100.42');
    expect(screen.getByTestId('report-usdt-out').textContent).toBe('20.09');
    expect(screen.getByTestId('report-usdt-net').textContent).toBe('80.33');
    expect(screen.getByTestId('report-usdt-count').textContent).toBe('2');
    // The amount total (in and out added: 120.42) is not shown for the bill.
    expect(screen.queryByTestId('report-usdt-amount')).toBeNull();
    expect(screen.queryByText('120.42')).toBeNull();
  });

  it("shows the server's refusal with a retry", async () => {
    mockApi({
      '/report/bill': fail(1001, 'A report covers at most 366 days'),
      '/config/coinList': ok([]),
    });
    renderWithProviders(<ReportPage kind="bill" />);
    const error = await screen.findByTestId('report-error');
    expect(error.textContent).toContain('The report could not be loaded: A report covers at most 366 days');
    expect(within(error).getByRole('button', { name: 'Retry' })).toBeTruthy();
  });
});

describe('the report chart', () => {
  it('fills every day of the range, sums the currencies in USDT exactly, and says each day in the tooltip', () => {
    const days = dailyFigures(COLLECTION);
    expect(days.map((d) => [d.day, d.count, d.amountUsdt])).toEqual([
      ['2026-11-24', 2, '1234.5'],
      ['2026-11-25', 0, '0'],
      ['2026-11-26', 2, '1500.000001'],
    ]);
    const option = reportChartOption('collection', days, { t: i18n.t, locale: 'en-US' }) as {
      series: { data: number[] }[];
    };
    expect(option.series[0]?.data).toEqual([2, 0, 2]);
    expect(reportTooltip(days[2] as (typeof days)[number], { t: i18n.t, locale: 'en-US' })).toBe(
      '2026/11/26<br/>Count: <b>2</b><br/>Amount: <b>1,500.00 USDT</b><br/>Fee: <b>12.00 USDT</b><br/>Net: <b>1,488.00 USDT</b>',
    );
  });
});
