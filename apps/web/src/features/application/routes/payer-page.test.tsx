import { fireEvent, screen, within } from '@testing-library/react';
import type { OrderDetail, OrderRecord } from '@tollgate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import PayerPage from './payer-page';

afterEach(() => vi.unstubAllGlobals());

const PAYOUT: OrderRecord = {
  orderNo: 'TG20261125PAYOUT0000000000001',
  merchantOrderNo: 'PAY-1001',
  appId: 'app_0123456789abcdef0123',
  appName: 'My shop',
  currency: 'USDT',
  network: 'TRON',
  amount: '25',
  paidAmount: '0',
  fee: '1',
  status: 'pending_review',
  exception: null,
  payAddress: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
  cashierUrl: null,
  type: 'payout',
  txHash: null,
  test: true,
  createdAt: '2026-11-25T02:00:00.000Z',
  expiresAt: '2026-11-25T02:00:00.000Z',
  completedAt: null,
};

describe('PayerPage', () => {
  it('introduces the payout API with a signed example, and lists the payouts with their statuses', async () => {
    const api = mockApi({
      '/app/list': ok({ list: [] }),
      '/config/coinList': ok([]),
      '/mchOrder/page': ok({ list: [PAYOUT], total: 1, pageNo: 1, pageSize: 10 }),
    });
    renderWithProviders(<PayerPage />);
    const intro = screen.getByTestId('payout-intro');
    expect(screen.getByTestId('payout-api-guide').getAttribute('href')).toBe(
      '/docs/api?lang=en_US#op-createPayout',
    );
    expect(intro.textContent).toContain('POST /api/v1/payouts');
    expect(screen.getByTestId('payout-signed-example').textContent).toContain('"$BASE_URL/api/v1/payouts"');
    expect(screen.getByTestId('payout-signed-example').textContent).toContain(
      '"address":"TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH"',
    );
    const records = screen.getByTestId('payout-records');
    expect((await within(records).findByTestId('order-status')).textContent).toBe('Pending review');
    expect(records.textContent).toContain('TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH');
    expect(api.callsTo('/mchOrder/page')[0]?.body).toEqual(expect.objectContaining({ type: 'payout' }));
    // The status filter offers the payout statuses.
    fireEvent.mouseDown(within(records).getByRole('combobox', { name: /status/i }));
    expect(await screen.findByTitle('Rejected')).toBeTruthy();
    expect(screen.queryByTitle('Expired')).toBeNull();
  });

  it('shows a payout’s detail as a payout: the recipient, its withdrawal and why it failed, no cashier', async () => {
    const failed: OrderRecord = { ...PAYOUT, status: 'failed', txHash: 'cd'.repeat(32) };
    const detail: OrderDetail = {
      order: {
        ...failed,
        description: 'Salary',
        language: 'zh_CN',
        callbackUrl: '',
        redirectUrl: '',
        arrivedAt: null,
        fiat: null,
        fiatAmount: null,
      },
      transfers: [],
      withdrawal: {
        withdrawalNo: 'W20261125ABCDEF',
        status: 'failed',
        reason: 'reverted',
        reviewedAt: '2026-11-25T02:05:00.000Z',
        sentAt: '2026-11-25T02:05:01.000Z',
        finishedAt: '2026-11-25T02:06:00.000Z',
      },
      deliveryLog: {
        pushStatus: 'none',
        notificationSuccess: false,
        nextAttemptAt: null,
        attempts: [],
        resendBlockedBy: 'no_event',
      },
    };
    mockApi({
      '/app/list': ok({ list: [] }),
      '/config/coinList': ok([]),
      '/mchOrder/page': ok({ list: [failed], total: 1, pageNo: 1, pageSize: 10 }),
      '/mchOrder/getById': ok(detail),
    });
    renderWithProviders(<PayerPage />);
    fireEvent.click(await screen.findByTestId('record-detail'));
    const drawer = await screen.findByTestId('order-detail');
    const fields = await within(drawer).findByTestId('order-detail-fields');
    expect(within(fields).getByText('Recipient address')).toBeTruthy();
    for (const label of ['Cashier', 'Expires', 'Arrived', 'Cashier language', 'Return URL', 'Received']) {
      expect(within(fields).queryByText(label)).toBeNull();
    }
    expect(within(drawer).queryByTestId('order-transfers')).toBeNull();
    const withdrawal = within(drawer).getByTestId('order-withdrawal');
    expect(withdrawal.textContent).toContain('W20261125ABCDEF');
    expect(withdrawal.textContent).toContain('Failed');
    expect(withdrawal.textContent).toContain(
      'The transfer failed on chain; the amount and fee went back to the available balance',
    );
    expect(withdrawal.textContent).not.toContain('reverted');
  });
});
