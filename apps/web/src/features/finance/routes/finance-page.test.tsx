import { fireEvent, screen, within } from '@testing-library/react';
import type { AccountOverview } from '@tollgate/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { typeGoogleCode } from '../../../../test/google-code';
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

const coin = (coinName: string, chainId: string, chainName: string) => ({
  coinId: 1,
  coinName,
  coinUnit: `${coinName}-${chainId}`,
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

const record = (id: string, status: string, amount: string, confirmations: number) => ({
  id,
  type: 'deposit',
  coinName: 'USDT',
  chainId: 'TRON',
  address: 'TXyzTronAddress',
  fromAddress: 'TFromAddress',
  amount,
  fee: '0',
  txHash: id.repeat(64),
  status,
  confirmations,
  confirmationsRequired: 3,
  reason: null,
  withdrawalSource: null,
  payoutOrderNo: null,
  createdAt: '2026-11-25T09:00:00.000Z',
  updatedAt: '2026-11-25T09:00:00.000Z',
});

const TRON = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';

const feeRow = (chainId: string, coinName: string) => ({
  chainId,
  chainName: chainId,
  coinName,
  coinUnit: `${coinName}-${chainId}`,
  icon: '',
  collectionRate: '0.008',
  payoutFee: '1',
});

const rowsOf = () => within(screen.getByTestId('asset-table')).getAllByRole('row');

describe('formatShare', () => {
  it('writes a share as a percentage with two places, rounded half-up', () => {
    expect(formatShare('0.874952')).toBe('87.50%');
    expect(formatShare('0.874949')).toBe('87.49%');
    expect(formatShare('1')).toBe('100.00%');
    expect(formatShare('0.000095')).toBe('0.01%');
    expect(formatShare('0.000049')).toBe('0.00%');
  });
});

describe('FinancePage', () => {
  it('shows the total, the currencies held, the distribution and every balance exactly', async () => {
    mockApi({ '/merchant/account/overview': ok(OVERVIEW) });
    renderWithProviders(<FinancePage />);
    expect((await screen.findByTestId('asset-total')).textContent).toContain('1,314.50');
    expect(screen.getByTestId('asset-held').textContent).toContain('3');
    expect(screen.getByTestId('distribution-USDT').textContent).toContain('87.50%');
    expect(screen.getByRole('img', { name: 'USDT 87.50%, DOGE 12.50%, TRX 0.01%' })).toBeTruthy();
    const [, usdt, , doge] = rowsOf();
    expect(usdt?.textContent).toBe('USDT1,000.123456150≈ 1,150.12DepositWithdraw');
    expect(doge?.textContent).toBe('DOGE1,000.50.12345678≈ 164.30DepositWithdraw');
    // Batch withdrawal offers its templates and the upload.
    expect(screen.getByTestId('batch-template-xlsx')).toBeTruthy();
    expect(screen.getByTestId('batch-upload')).toBeTruthy();
  });

  it("deposits: the network's own address with its QR code, minimum and confirmations; devnet simulation", async () => {
    const api = mockApi({
      '/merchant/account/overview': ok(OVERVIEW),
      '/config/coinList': ok([
        coin('USDT', 'TRON', 'Tron'),
        coin('USDT', 'ETH', 'Ethereum'),
        coin('USDT', 'POLYGON', 'Polygon'),
        coin('DOGE', 'DOGE', 'Doge'),
      ]),
      '/config/runtime': ok({
        chainMode: 'devnet',
        chains: [
          { chainId: 'ETH', enabled: true, confirmations: 3 },
          { chainId: 'TRON', enabled: true, confirmations: 3 },
          { chainId: 'POLYGON', enabled: false, confirmations: 3 },
        ],
      }),
      '/merchant/account/deposit': [
        ok({
          address: 'TXyzTronAddress',
          chainId: 'TRON',
          coinName: 'USDT',
          minDepositAmount: '1',
          confirmations: 3,
        }),
        ok({
          address: '0xEthAddress',
          chainId: 'ETH',
          coinName: 'USDT',
          minDepositAmount: '2.5',
          confirmations: 3,
        }),
      ],
      '/test/deposit': [
        fail(1001, 'Illegal input', {
          errors: [{ field: 'amount', message: 'Enter an amount greater than 0' }],
        }),
        ok({
          txHash: 'ab'.repeat(32),
          address: 'TXyzTronAddress',
          chainId: 'TRON',
          coinName: 'USDT',
          amount: '5',
        }),
      ],
      '/merchant/account/transaction-record': ok({ list: [], total: 0, pageNo: 1, pageSize: 10 }),
    });
    renderWithProviders(<FinancePage />);
    fireEvent.click(await screen.findByTestId('deposit-USDT'));
    const modal = await screen.findByTestId('deposit-modal');
    expect((await within(modal).findByTestId('deposit-address')).textContent).toContain('TXyzTronAddress');
    // Only enabled networks that carry the coin, in the coin list's order.
    const network = within(modal).getByTestId('deposit-network');
    expect(
      within(network)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Tron', 'Ethereum']);
    expect(within(modal).getByTestId('deposit-min').textContent).toBe('1 USDT');
    expect(within(modal).getByTestId('deposit-confirmations').textContent).toBe('3');
    expect(modal.textContent).toContain('below 1 USDT is recorded as below minimum and not credited');
    fireEvent.click(within(network).getByText('Ethereum'));
    expect((await within(modal).findByTestId('deposit-address')).textContent).toContain('0xEthAddress');
    expect(within(modal).getByTestId('deposit-min').textContent).toBe('2.5 USDT');
    expect(api.callsTo('/merchant/account/deposit').map((call) => call.body)).toEqual([
      expect.objectContaining({ coinName: 'USDT', chainId: 'TRON' }),
      expect.objectContaining({ coinName: 'USDT', chainId: 'ETH' }),
    ]);

    // The simulation: required, then the server's field error, then sent.
    fireEvent.click(within(network).getByText('Tron'));
    await within(modal).findByText('TXyzTronAddress');
    fireEvent.click(within(modal).getByTestId('deposit-simulate-submit'));
    expect(await within(modal).findByText('Please enter an amount')).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('deposit-simulate-amount'), { target: { value: '0' } });
    fireEvent.click(within(modal).getByTestId('deposit-simulate-submit'));
    expect(await within(modal).findByText('Enter an amount greater than 0')).toBeTruthy();
    fireEvent.change(within(modal).getByTestId('deposit-simulate-amount'), { target: { value: ' 5 ' } });
    fireEvent.click(within(modal).getByTestId('deposit-simulate-submit'));
    expect(await screen.findByText(/Sent: it appears in the deposit records/)).toBeTruthy();
    expect(api.callsTo('/test/deposit').at(-1)?.body).toEqual(
      expect.objectContaining({ coinName: 'USDT', chainId: 'TRON', amount: '5' }),
    );
  });

  it('withdraws: the fee, the total and what arrives live; refuses what the server would; sends and closes', async () => {
    const api = mockApi({
      '/merchant/account/overview': ok(OVERVIEW),
      '/merchant/info': ok({
        merchantId: '100001',
        email: 'm@example.com',
        phone: null,
        countryCode: null,
        googleState: true,
        lang: 'en_US',
        createdAt: '2026-11-20T00:00:00.000Z',
      }),
      '/config/coinList': ok([coin('USDT', 'TRON', 'Tron'), coin('USDT', 'ETH', 'Ethereum')]),
      '/config/runtime': ok({
        chainMode: 'devnet',
        chains: [
          { chainId: 'ETH', enabled: true, confirmations: 3 },
          { chainId: 'TRON', enabled: true, confirmations: 3 },
        ],
      }),
      '/merchant/fee-info': ok({
        list: [
          { ...feeRow('TRON', 'USDT'), payoutFee: '1' },
          { ...feeRow('ETH', 'USDT'), payoutFee: '5' },
        ],
      }),
      '/merchant/account/withdrawal': [
        fail(1203, 'Incorrect Google Authenticator code'),
        ok({
          withdrawal: {
            withdrawalNo: 'WD20261125ABCDEF0123456789ABCD',
            coinName: 'USDT',
            chainId: 'TRON',
            address: TRON,
            amount: '20',
            fee: '1',
            total: '21',
            status: 'pending_review',
            txHash: null,
            reason: null,
            createdAt: '2026-11-25T09:00:00.000Z',
            updatedAt: '2026-11-25T09:00:00.000Z',
          },
        }),
      ],
      '/merchant/account/transaction-record': ok({ list: [], total: 0, pageNo: 1, pageSize: 10 }),
    });
    renderWithProviders(<FinancePage />);
    fireEvent.click(await screen.findByTestId('withdraw-USDT'));
    const modal = await screen.findByTestId('withdraw-form');
    expect(within(modal).getByTestId('withdraw-fee').textContent).toBe('1 USDT');
    expect(within(modal).getByTestId('withdraw-limits').textContent).toContain('From 10 to 100,000 USDT');
    expect(within(modal).getByTestId('withdraw-limits').textContent).toContain(
      'Available: 1,000.123456 USDT',
    );
    fireEvent.change(within(modal).getByTestId('withdraw-amount'), { target: { value: '20' } });
    expect(await within(modal).findByText('21 USDT')).toBeTruthy();
    expect(within(modal).getByTestId('withdraw-received').textContent).toBe('20 USDT');
    // What the server would refuse is refused here first, and nothing is sent.
    fireEvent.change(within(modal).getByTestId('withdraw-address'), {
      target: { value: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' },
    });
    fireEvent.change(within(modal).getByTestId('withdraw-amount'), { target: { value: '9' } });
    fireEvent.click(within(modal).getByTestId('withdraw-submit'));
    expect(await within(modal).findByText('Not a valid TRON address')).toBeTruthy();
    expect(await within(modal).findByText('The minimum withdrawal is 10 USDT')).toBeTruthy();
    expect(await within(modal).findByText('Please enter the 6-digit code')).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('withdraw-max'));
    expect(await within(modal).findByText('1,000.123456 USDT')).toBeTruthy(); // max + fee = the available
    fireEvent.change(within(modal).getByTestId('withdraw-amount'), { target: { value: '999.2' } });
    fireEvent.click(within(modal).getByTestId('withdraw-submit'));
    expect(
      await within(modal).findByText(/Amount and fee exceed the available 1,000.123456 USDT/),
    ).toBeTruthy();
    expect(api.callsTo('/merchant/account/withdrawal')).toHaveLength(0);

    fireEvent.change(within(modal).getByTestId('withdraw-address'), { target: { value: TRON } });
    fireEvent.change(within(modal).getByTestId('withdraw-amount'), { target: { value: '20' } });
    typeGoogleCode(within(modal).getByTestId('withdraw-google-code'), '123456');
    fireEvent.click(within(modal).getByTestId('withdraw-submit'));
    expect(await within(modal).findByText('Incorrect Google Authenticator code')).toBeTruthy();
    fireEvent.click(within(modal).getByTestId('withdraw-submit'));
    expect(await screen.findByText('Withdrawal WD20261125ABCDEF0123456789ABCD submitted')).toBeTruthy();
    expect(api.callsTo('/merchant/account/withdrawal').at(-1)?.body).toEqual(
      expect.objectContaining({
        coinName: 'USDT',
        chainId: 'TRON',
        address: TRON,
        amount: '20',
        googleCode: '123456',
      }),
    );
  });

  it('withdraws only with Google Authenticator bound, and says where to bind it', async () => {
    mockApi({
      '/merchant/account/overview': ok(OVERVIEW),
      '/merchant/info': ok({
        merchantId: '100001',
        email: 'm@example.com',
        phone: null,
        countryCode: null,
        googleState: false,
        lang: 'en_US',
        createdAt: '2026-11-20T00:00:00.000Z',
      }),
      '/config/coinList': ok([coin('USDT', 'TRON', 'Tron')]),
      '/config/runtime': ok({
        chainMode: 'devnet',
        chains: [{ chainId: 'TRON', enabled: true, confirmations: 3 }],
      }),
      '/merchant/fee-info': ok({ list: [feeRow('TRON', 'USDT')] }),
      '/merchant/account/transaction-record': ok({ list: [], total: 0, pageNo: 1, pageSize: 10 }),
    });
    renderWithProviders(<FinancePage />);
    fireEvent.click(await screen.findByTestId('withdraw-USDT'));
    expect((await screen.findByTestId('withdraw-need-google')).textContent).toContain(
      'Withdrawals need Google Authenticator',
    );
    expect(screen.queryByTestId('withdraw-form')).toBeNull();
  });

  it('lists the deposits with their status, confirmations and the below-minimum ones', async () => {
    const api = mockApi({
      '/merchant/account/overview': ok(OVERVIEW),
      '/config/coinList': ok([coin('USDT', 'TRON', 'Tron')]),
      '/merchant/account/transaction-record': ok({
        list: [
          record('a', 'confirming', '125.5', 1),
          record('b', 'completed', '10', 3),
          record('c', 'below_minimum', '0.5', 3),
        ],
        total: 3,
        pageNo: 1,
        pageSize: 10,
      }),
    });
    renderWithProviders(<FinancePage />);
    const table = await screen.findByTestId('records-deposit-table');
    await within(table).findByText('125.5');
    expect(
      within(table)
        .getAllByTestId('record-status')
        .map((tag) => tag.textContent),
    ).toEqual(['Confirming', 'Completed', 'Below minimum']);
    expect(within(table).getByTestId('record-confirmations').textContent).toBe('1/3');
    expect(api.callsTo('/merchant/account/transaction-record')[0]?.body).toEqual(
      expect.objectContaining({ type: 'deposit', pageNo: 1, pageSize: 10 }),
    );
  });

  it("marks a payout's withdrawals with their order, a spreadsheet's as a batch, the others as made on this page", async () => {
    mockApi({
      '/merchant/account/overview': ok(OVERVIEW),
      '/config/coinList': ok([coin('USDT', 'TRON', 'Tron')]),
      '/merchant/account/transaction-record': ok({
        list: [
          {
            ...record('w1', 'completed', '20', 3),
            type: 'withdrawal',
            withdrawalSource: 'api',
            payoutOrderNo: 'TG20261127PAYOUT0001',
          },
          { ...record('w2', 'processing', '30', 0), type: 'withdrawal', withdrawalSource: 'batch' },
          { ...record('w3', 'processing', '30', 0), type: 'withdrawal', withdrawalSource: 'single' },
        ],
        total: 3,
        pageNo: 1,
        pageSize: 10,
      }),
    });
    renderWithProviders(<FinancePage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Withdrawals' }));
    const table = await screen.findByTestId('records-withdrawal-table');
    await within(table).findByText('TG20261127PAYOUT0001');
    expect(
      within(table)
        .getAllByTestId('record-source')
        .map((cell) => cell.textContent),
    ).toEqual(['PayoutTG20261127PAYOUT0001', 'Batch withdrawal', 'Asset page']);
  });

  it("writes a rejected or failed withdrawal's reason under its status, where a phone can read it", async () => {
    mockApi({
      '/merchant/account/overview': ok(OVERVIEW),
      '/config/coinList': ok([coin('USDT', 'TRON', 'Tron')]),
      '/merchant/account/transaction-record': ok({
        list: [
          { ...record('w1', 'rejected', '20', 0), type: 'withdrawal', reason: 'Address under review' },
          { ...record('w2', 'failed', '30', 3), type: 'withdrawal', reason: 'reverted' },
          { ...record('w3', 'completed', '40', 3), type: 'withdrawal' },
        ],
        total: 3,
        pageNo: 1,
        pageSize: 10,
      }),
    });
    renderWithProviders(<FinancePage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Withdrawals' }));
    const table = await screen.findByTestId('records-withdrawal-table');
    await within(table).findByText('Reason: Address under review');
    // Written out, not hidden in a tooltip; a chain failure in the page's language.
    expect(
      within(table)
        .getAllByTestId('record-reason')
        .map((line) => line.textContent),
    ).toEqual([
      'Reason: Address under review',
      'Reason: The transfer failed on chain; the amount and fee went back to the available balance',
    ]);
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
