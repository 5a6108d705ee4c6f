import { fireEvent, screen, within } from '@testing-library/react';
import type { AccountOverview } from '@tollgate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { formatShare } from '../components/asset-distribution';
import FinancePage from './finance-page';

beforeEach(() => window.localStorage.clear());
afterEach(() => vi.unstubAllGlobals());

const asset = (coinName: string, available: string, frozen: string, usdtValue: string) => ({
  coinName,
  icon: `/coins/${coinName.toLowerCase()}.svg`,
  available,
  frozen,
  usdtValue,
});

const OVERVIEW: AccountOverview = {
  totalUsdt: '1314.5',
  assets: [
    asset('USDT', '1000.123456', '150', '1150.123456'),
    asset('USDC', '0', '0', '0'),
    asset('DOGE', '1000.5', '0.12345678', '164.302371603276'),
    asset('TRX', '0.5', '0', '0.125'),
  ],
  distribution: [
    { coinName: 'USDT', usdtValue: '1150.123456', share: '0.874952' },
    { coinName: 'DOGE', usdtValue: '164.302371603276', share: '0.124953' },
    { coinName: 'TRX', usdtValue: '0.125', share: '0.000095' },
  ],
};

const rowsOf = () => within(screen.getByTestId('asset-table')).getAllByRole('row');

describe('formatShare', () => {
  it('writes a share as a percentage with two places, rounded down', () => {
    expect(formatShare('0.874952')).toBe('87.49%');
    expect(formatShare('1')).toBe('100.00%');
    expect(formatShare('0.000095')).toBe('0.00%');
  });
});

describe('FinancePage', () => {
  it('shows the total, the currencies held, the distribution and every balance exactly', async () => {
    mockApi({ '/merchant/account/overview': ok(OVERVIEW) });
    renderWithProviders(<FinancePage />);
    expect((await screen.findByTestId('asset-total')).textContent).toContain('1,314.50');
    expect(screen.getByTestId('asset-held').textContent).toContain('3');
    expect(screen.getByTestId('distribution-USDT').textContent).toContain('87.49%');
    expect(screen.getByRole('img').getAttribute('aria-label')).toBe('USDT 87.49%, DOGE 12.49%, TRX 0.00%');
    const [, usdt, , doge] = rowsOf();
    expect(usdt?.textContent).toBe('USDT1,000.123456150≈ 1,150.12');
    expect(doge?.textContent).toBe('DOGE1,000.50.12345678≈ 164.30');
    // What is not built yet says so, with no button.
    expect(screen.getByTestId('finance-movements').textContent).toContain('Being built');
  });

  it('hides assets worth less than 1 USD on request, and remembers it', async () => {
    mockApi({ '/merchant/account/overview': ok(OVERVIEW) });
    const { unmount } = renderWithProviders(<FinancePage />);
    await screen.findByTestId('asset-table');
    expect(rowsOf()).toHaveLength(5);
    fireEvent.click(screen.getByRole('checkbox', { name: /hide small assets/i }));
    expect(rowsOf().map((row) => row.textContent?.slice(0, 4))).toEqual(['Curr', 'USDT', 'DOGE']);
    unmount();
    renderWithProviders(<FinancePage />);
    await screen.findByTestId('asset-table');
    expect(screen.getByRole('checkbox', { name: /hide small assets/i })).toHaveProperty('checked', true);
    expect(rowsOf()).toHaveLength(3);
  });

  it('says so when nothing is held, and when every asset is small and hidden', async () => {
    mockApi({
      '/merchant/account/overview': ok({
        totalUsdt: '0',
        assets: [asset('USDT', '0', '0', '0')],
        distribution: [],
      }),
    });
    renderWithProviders(<FinancePage />);
    await screen.findByTestId('asset-table');
    expect(await screen.findByText(/Nothing held yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /hide small assets/i }));
    expect(screen.getByText(/Every asset is worth less than 1 USD/)).toBeTruthy();
  });

  it('shows a failed load with its message', async () => {
    mockApi({ '/merchant/account/overview': fail(500, 'Server busy') });
    renderWithProviders(<FinancePage />);
    expect(await screen.findByText('Server busy')).toBeTruthy();
  });
});
