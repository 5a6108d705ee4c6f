import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import { WithdrawModal } from './withdraw-modal';

const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const coin = (chainId: string, chainName: string) => ({
  coinId: 1,
  coinName: 'USDT',
  coinUnit: `USDT-${chainId}`,
  chainId,
  chainName,
  isNative: false,
  contractAddress: null,
  decimals: 6,
  icon: '',
  minDepositAmount: '1',
  minWithdrawalAmount: '10',
  maxWithdrawalAmount: '100000',
});
const fee = (chainId: string) => ({
  chainId,
  chainName: chainId,
  coinName: 'USDT',
  coinUnit: `USDT-${chainId}`,
  icon: '',
  collectionRate: '0.008',
  payoutFee: '1',
});
const ASSET = { coinName: 'USDT', icon: '', available: '500', frozen: '0', usdtValue: '500' };

function api(whitelist: unknown, withdrawalLockedUntil: string | null = null) {
  return mockApi({
    '/merchant/info': ok({
      merchantId: '100001',
      email: 'm@example.com',
      phone: null,
      countryCode: null,
      googleState: true,
      lang: 'en_US',
      createdAt: '2026-11-20T00:00:00.000Z',
      withdrawalLockedUntil,
    }),
    '/config/coinList': ok([coin('TRON', 'Tron'), coin('ETH', 'Ethereum')]),
    '/config/runtime': ok({
      chainMode: 'devnet',
      chains: [
        { chainId: 'TRON', enabled: true, confirmations: 3 },
        { chainId: 'ETH', enabled: true, confirmations: 3 },
      ],
    }),
    '/merchant/fee-info': ok({ list: [fee('TRON'), fee('ETH')] }),
    '/merchant/whitelist/list': ok(whitelist),
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('WithdrawModal with the address whitelist', () => {
  it('offers only the addresses listed for the network, and says so', async () => {
    api({
      enabled: true,
      list: [{ id: 1, chainId: 'TRON', address: TRON, label: 'Cold', createdAt: '2026-11-25T09:00:00.000Z' }],
    });
    renderWithProviders(<WithdrawModal asset={ASSET} onClose={() => undefined} />);
    const form = await screen.findByTestId('withdraw-form');
    expect(within(form).getByTestId('withdraw-whitelist-note').textContent).toContain(
      'only the addresses listed for this network are allowed',
    );
    const address = within(form).getByTestId('withdraw-address');
    fireEvent.mouseDown(within(address).getByRole('combobox'));
    expect(
      await screen.findByText(`Cold · ${TRON}`, { selector: '.ant-select-item-option-content' }),
    ).toBeTruthy();
  });

  it('says when no address of the network is listed', async () => {
    api({
      enabled: true,
      list: [
        {
          id: 1,
          chainId: 'ETH',
          address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
          label: '',
          createdAt: '2026-11-25T09:00:00.000Z',
        },
      ],
    });
    renderWithProviders(<WithdrawModal asset={ASSET} onClose={() => undefined} />);
    const form = await screen.findByTestId('withdraw-form');
    expect(within(form).getByTestId('withdraw-whitelist-note').textContent).toContain(
      'No address of this network is on your whitelist',
    );
  });

  it('keeps the typed address while the whitelist is off', async () => {
    api({ enabled: false, list: [] });
    renderWithProviders(<WithdrawModal asset={ASSET} onClose={() => undefined} />);
    const form = await screen.findByTestId('withdraw-form');
    expect(within(form).queryByTestId('withdraw-whitelist-note')).toBeNull();
    expect(within(form).getByTestId('withdraw-address').tagName).toBe('INPUT');
  });
});

describe('WithdrawModal during the 24 h pause', () => {
  it('says until when withdrawals are paused instead of offering the form', async () => {
    const until = new Date(Date.now() + 3_600_000).toISOString();
    api({ enabled: false, list: [] }, until);
    renderWithProviders(<WithdrawModal asset={ASSET} onClose={() => undefined} />);
    const paused = await screen.findByTestId('withdrawal-paused');
    expect(paused.textContent).toContain('Withdrawals are paused until');
    expect(paused.textContent).toContain('after a password or Google Authenticator change');
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('offers the form once the pause is over', async () => {
    api({ enabled: false, list: [] }, new Date(Date.now() - 1_000).toISOString());
    renderWithProviders(<WithdrawModal asset={ASSET} onClose={() => undefined} />);
    expect(await screen.findByTestId('withdraw-form')).toBeTruthy();
    expect(screen.queryByTestId('withdrawal-paused')).toBeNull();
  });
});
