import { screen, waitFor } from '@testing-library/react';
import type { ComponentType } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import DashboardPage from '../../features/dashboard/routes/dashboard-page';
import NoticePage from '../../features/notice/routes/notice-page';

/**
 * Pages whose content comes in later issues say so in words; none shows the empty-data
 * picture (which would claim there is no data) or a button that leads nowhere. (The asset page
 * and the rate page are built: their own tests cover them, the batch block included.)
 */
const PLACEHOLDERS: [string, ComponentType, string, RegExp][] = [
  ['system notices', NoticePage, 'This page is being built', /search them by title/],
];

afterEach(() => vi.unstubAllGlobals());

describe('pages not built yet', () => {
  it.each(PLACEHOLDERS)('%s says it is being built and what it will hold', (_, Page, heading, planned) => {
    renderWithProviders(<Page />);
    expect(screen.getByRole('heading', { level: 2 }).textContent).toBe(heading);
    expect(screen.getByText(planned)).toBeTruthy();
    expect(screen.queryByTestId('empty-data')).toBeNull();
    expect(screen.queryByRole('img', { hidden: false })).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.queryByRole('textbox')).toBeNull();
  });

  it("the dashboard shows real balances, today's orders and the week, and says which blocks are being built", async () => {
    const day = { day: '2026-11-26', created: 3, completed: 2, amountUsdt: '150.5', feeUsdt: '1.204' };
    mockApi({
      '/merchant/account/info': ok({
        totalBalance: '12.50',
        userBalanceList: [{ coinName: 'USDT', available: '12.50', frozen: '0', usdtValue: '12.50' }],
      }),
      '/dashboard/today': ok({ collection: day, payout: { ...day, created: 0, completed: 0 } }),
      '/dashboard/week': ok({ type: 'collection', days: [day] }),
    });
    renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('balance-table')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('today-collection-created').textContent).toContain('3'));
    expect(screen.getByTestId('announcements').textContent).toContain('Being built');
    await waitFor(() =>
      expect(screen.getByTestId('weekly-chart-totals').textContent).toContain('2 completed'),
    );
    for (const block of ['today-orders', 'weekly-chart']) {
      expect(screen.getByTestId(block).textContent).not.toContain('Being built');
    }
    expect(screen.queryByTestId('empty-data')).toBeNull();
  });
});
