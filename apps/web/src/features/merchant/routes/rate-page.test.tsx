import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FeeRow } from '@tollgate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import RatePage, { formatRate } from './rate-page';

afterEach(() => vi.unstubAllGlobals());

const row = (
  chainId: string,
  chainName: string,
  coinName: string,
  coinUnit: string,
  rate: string,
  fee: string,
): FeeRow => ({
  chainId,
  chainName,
  coinName,
  coinUnit,
  icon: `/coins/${coinName.toLowerCase()}.svg`,
  collectionRate: rate,
  payoutFee: fee,
});

describe('formatRate', () => {
  it('writes a share as an exact percentage, without trailing zeros', () => {
    expect(formatRate('0.008')).toBe('0.8%');
    expect(formatRate('0.010000')).toBe('1%');
    expect(formatRate('0.000001')).toBe('0.0001%');
    expect(formatRate('0.123456')).toBe('12.3456%');
  });
});

describe('RatePage', () => {
  it('shows one table per chain, in the order the server sent, with exact figures', async () => {
    mockApi({
      '/merchant/fee-info': ok({
        list: [
          row('ETH', 'Ethereum', 'USDT', 'USDT-ERC20', '0.008', '5'),
          row('ETH', 'Ethereum', 'ETH', 'ETH', '0.008', '0.0015'),
          row('TRON', 'Tron', 'USDT', 'USDT-TRC20', '0.008', '1.000000000000000001'),
          row('DOGE', 'Doge', 'DOGE', 'DOGE', '0.01', '5'),
        ],
      }),
    });
    renderWithProviders(<RatePage />);
    const tron = await screen.findByTestId('rate-table-TRON');
    expect(screen.getAllByTestId(/^rate-chain-/).map((card) => card.dataset.testid)).toEqual([
      'rate-chain-ETH',
      'rate-chain-TRON',
      'rate-chain-DOGE',
    ]);
    const [, usdt] = within(tron).getAllByRole('row');
    expect(usdt?.textContent).toBe('USDTUSDT-TRC200.8%1.000000000000000001 USDT');
    expect(within(screen.getByTestId('rate-table-ETH')).getAllByRole('row')).toHaveLength(3);
    expect(within(screen.getByTestId('rate-chain-DOGE')).getByText('1%')).toBeTruthy();
  });

  it('says so when the table is empty', async () => {
    mockApi({ '/merchant/fee-info': ok({ list: [] }) });
    renderWithProviders(<RatePage />);
    expect(await screen.findByText('No rate data yet')).toBeTruthy();
  });

  it('shows a failed load with a retry that asks again', async () => {
    const api = mockApi({
      '/merchant/fee-info': [
        fail(500, 'Server busy'),
        ok({ list: [row('TRON', 'Tron', 'TRX', 'TRX', '0.008', '2')] }),
      ],
    });
    renderWithProviders(<RatePage />);
    expect(await screen.findByText('Server busy')).toBeTruthy();
    const retry = screen.getByRole('button', { name: /retry/i });
    fireEvent.click(retry);
    await waitFor(() => expect(screen.getByTestId('rate-table-TRON')).toBeTruthy());
    expect(api.callsTo('/merchant/fee-info')).toHaveLength(2);
  });
});
