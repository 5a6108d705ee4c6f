import { fireEvent, screen, within } from '@testing-library/react';
import type { OrderRecord } from '@tollgate/contracts';
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
  cashierUrl: 'http://localhost/pay/TG20261125PAYOUT0000000000001',
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
});
