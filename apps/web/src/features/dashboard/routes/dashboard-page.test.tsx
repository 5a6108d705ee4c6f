import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import DashboardPage from './dashboard-page';

/**
 * The dashboard's blocks all show real data: balances, today's orders, the week and the latest
 * system announcements (the latest 5, each linking to the notice page, "more" to the list).
 */
afterEach(() => vi.unstubAllGlobals());

const day = { day: '2026-11-26', created: 3, completed: 2, amountUsdt: '150.5', feeUsdt: '1.204' };
const notice = (id: number, overrides = {}) => ({
  id,
  title: `Notice ${id}`,
  summary: `Summary ${id}`,
  publishedAt: '2026-11-25T02:00:00.000Z',
  pinned: false,
  read: true,
  ...overrides,
});

function mockDashboard(notices: ReturnType<typeof notice>[]) {
  return mockApi({
    '/merchant/account/info': ok({
      totalBalance: '12.50',
      userBalanceList: [{ coinName: 'USDT', available: '12.50', frozen: '0', usdtValue: '12.50' }],
    }),
    '/dashboard/today': ok({ collection: day, payout: { ...day, created: 0, completed: 0 } }),
    '/dashboard/week': ok({ type: 'collection', days: [day] }),
    '/notice/page': ok({ list: notices, total: notices.length }),
  });
}

describe('DashboardPage', () => {
  it("shows real balances, today's orders, the week and the latest announcements", async () => {
    const api = mockDashboard([notice(1, { pinned: true }), notice(2, { read: false }), notice(3)]);
    renderWithProviders(<DashboardPage />);
    await waitFor(() => expect(screen.getByTestId('balance-table')).toBeTruthy());
    await waitFor(() => expect(screen.getByTestId('today-collection-created').textContent).toContain('3'));
    await waitFor(() =>
      expect(screen.getByTestId('weekly-chart-totals').textContent).toContain('2 completed'),
    );
    const items = await screen.findAllByTestId('announcement-item');
    expect(items.map((item) => item.textContent)).toEqual([
      'PinnedNotice 111/25',
      'Notice 211/25',
      'Notice 311/25',
    ]);
    expect(within(items[1] as HTMLElement).getByTestId('notice-unread')).toBeTruthy();
    expect(
      within(items[0] as HTMLElement)
        .getByRole('link')
        .getAttribute('href'),
    ).toBe('/dashboard/notice?id=1');
    expect(screen.getByTestId('announcements-more').getAttribute('href')).toBe('/dashboard/notice');
    expect(api.callsTo('/notice/page')[0]?.body).toMatchObject({ pageNo: 1, pageSize: 5 });
    expect(screen.queryByText('Being built')).toBeNull();
  });

  it('says when there are no announcements yet', async () => {
    mockDashboard([]);
    renderWithProviders(<DashboardPage />);
    expect(await within(screen.getByTestId('announcements')).findByText('No announcements yet')).toBeTruthy();
  });
});
