import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { FundsRecordItem } from '@tollgate/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fail, mockApi, ok } from '../../../../test/api-mock';
import { renderWithProviders } from '../../../../test/render';
import FundFlowPage from './fund-flow-page';

const RECORD: FundsRecordItem = {
  createdAt: '2026-11-25T02:44:58.210Z',
  type: 'collection',
  orderNo: 'TG20261125C2D8B99016BE7B3BEEFF',
  hash: '1d78a6aa095f92346f5e71ffd18e6205d8f8d23b0f43b1008c0e643d0ae6ff9d',
  address: 'TFWy9xgYgk7UrJeTHcPLtXB2frgacHCvZX',
  currency: 'USDT',
  network: 'TRON',
  amount: '12.5',
  fee: '0.1',
  status: 'completed',
  bucket: 'available',
  balanceBefore: '0',
  changeAmount: '12.4',
  balanceAfter: '12.4',
  action: 'credit',
};
const COINS = ok([{ coinId: 1, coinName: 'USDT', coinUnit: 'TRON', icon: '' }]);

afterEach(() => vi.unstubAllGlobals());

describe('Fund flow', () => {
  it("lists the records with the SPEC's columns, the change signed", async () => {
    mockApi({
      '/merchant/account/funds-record': ok({ list: [RECORD], total: 1, totalCapped: false }),
      '/config/coinList': COINS,
    });
    renderWithProviders(<FundFlowPage />);
    const table = screen.getByTestId('fund-table');
    expect(await within(table).findByText('TG20261125C2D8B99016BE7B3BEEFF')).toBeTruthy();
    for (const heading of [
      'Time',
      'Type',
      'Hash',
      'Receiving address',
      // The network under its currency (issue 31): one column.
      'Currency / Network',
      'Fee',
      // Which balance it moved, under the status (issue 31): one column.
      'Status / Balance',
      'Balance before',
      'Change',
      'Balance after',
    ])
      expect(within(table).getByRole('columnheader', { name: heading })).toBeTruthy();
    expect(within(table).getByTestId('fund-type').textContent).toBe('Collection');
    expect(within(table).getByTestId('fund-change').textContent).toBe('+12.4');
    expect(within(table).getByTestId('fund-balance-after').textContent).toBe('12.4');
  });

  it("labels a withdrawal's records by what each did, a deposit with its platform number", async () => {
    const withdrawal = { ...RECORD, type: 'withdraw' as const, orderNo: 'WD20261125AAAA' };
    const list: FundsRecordItem[] = [
      { ...withdrawal, status: 'fee', bucket: 'frozen', changeAmount: '-1', action: 'fee' },
      { ...withdrawal, status: 'completed', bucket: 'frozen', changeAmount: '-20', action: 'settle' },
      { ...withdrawal, status: 'frozen', bucket: 'frozen', changeAmount: '21', action: 'freeze' },
      { ...withdrawal, status: 'frozen', bucket: 'available', changeAmount: '-21', action: 'freeze' },
      { ...withdrawal, status: 'released', bucket: 'available', changeAmount: '21', action: 'release' },
      { ...RECORD, type: 'deposit', orderNo: 'DP20261125BBBB', fee: '0', action: 'credit' },
    ];
    mockApi({
      '/merchant/account/funds-record': ok({ list, total: list.length, totalCapped: false }),
      '/config/coinList': COINS,
    });
    renderWithProviders(<FundFlowPage />);
    const table = screen.getByTestId('fund-table');
    expect(await within(table).findByText('DP20261125BBBB')).toBeTruthy();
    expect(
      within(table)
        .getAllByTestId('fund-action')
        .map((tag) => tag.textContent),
    ).toEqual(['Fee', 'Settle', 'Freeze', 'Freeze', 'Release', 'Credit']);
    expect(
      within(table)
        .getAllByTestId('fund-type')
        .map((type) => type.textContent),
    ).toEqual([...Array(5).fill('Withdrawal'), 'Deposit']);
  });

  it('writes amounts exactly, with thousands separators, as the asset page does', async () => {
    const big = {
      ...RECORD,
      amount: '1000000.5',
      balanceBefore: '1234',
      changeAmount: '-1000000.5',
      balanceAfter: '2216.624',
    };
    mockApi({
      '/merchant/account/funds-record': ok({ list: [big], total: 1, totalCapped: false }),
      '/config/coinList': COINS,
    });
    renderWithProviders(<FundFlowPage />);
    const table = screen.getByTestId('fund-table');
    expect(await within(table).findByText('1,000,000.5')).toBeTruthy();
    expect(within(table).getByText('1,234')).toBeTruthy();
    expect(within(table).getByTestId('fund-change').textContent).toBe('-1,000,000.5');
    expect(within(table).getByTestId('fund-balance-after').textContent).toBe('2,216.624');
    expect(within(table).getByText('Completed')).toBeTruthy();
    expect(within(table).getByTestId('fund-bucket').textContent).toBe('Available');
  });

  it('sends the order number filter, and reset sends none; says when nothing matches', async () => {
    const api = mockApi({
      '/merchant/account/funds-record': ok({ list: [], total: 0, totalCapped: false }),
      '/config/coinList': COINS,
    });
    renderWithProviders(<FundFlowPage />);
    expect((await screen.findByTestId('empty-data')).textContent).toContain('No fund records match');
    // The search button waits while a search is on its way.
    await waitFor(() => expect(screen.getByTestId('fund-search').className).not.toContain('ant-btn-loading'));
    fireEvent.change(screen.getByTestId('fund-filter-orderNo'), { target: { value: ' TG1 ' } });
    fireEvent.click(screen.getByTestId('fund-search'));
    await waitFor(() => expect(api.callsTo('/merchant/account/funds-record')).toHaveLength(2));
    expect(api.callsTo('/merchant/account/funds-record')[1]?.body).toMatchObject({
      pageNo: 1,
      pageSize: 10,
      orderNo: 'TG1',
    });
    fireEvent.click(screen.getByTestId('fund-reset'));
    await waitFor(() => expect(api.callsTo('/merchant/account/funds-record')).toHaveLength(3));
    expect(api.callsTo('/merchant/account/funds-record')[2]?.body.orderNo).toBeUndefined();
    // Search again with nothing changed: the list is read again, as it is now.
    await waitFor(() => expect(screen.getByTestId('fund-search').className).not.toContain('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('fund-search'));
    await waitFor(() => expect(api.callsTo('/merchant/account/funds-record')).toHaveLength(4));
  });

  it('says "10,000+" when the server counted no further, and pages up to its window only', async () => {
    const api = mockApi({
      '/merchant/account/funds-record': ok({ list: [RECORD], total: 10_000, totalCapped: true }),
      '/config/coinList': COINS,
    });
    const { container } = renderWithProviders(<FundFlowPage />);
    expect((await screen.findByTestId('records-total-capped')).textContent).toBe(
      '10,000+ records: only the first 10,000 can be paged through, narrow the filters',
    );
    // 10 a page: the pager's last page is the window's, 1,000.
    expect(container.querySelector('.ant-pagination-item-1000')).toBeTruthy();
    expect(container.querySelector('.ant-pagination-item-1001')).toBeNull();
    fireEvent.click(screen.getByTitle('Next Page'));
    await waitFor(() => expect(api.callsTo('/merchant/account/funds-record')).toHaveLength(2));
    expect(api.callsTo('/merchant/account/funds-record')[1]?.body).toMatchObject({ pageNo: 2, pageSize: 10 });
  });

  it('shows the exact total below the window', async () => {
    mockApi({
      '/merchant/account/funds-record': ok({ list: [RECORD], total: 9_999, totalCapped: false }),
      '/config/coinList': COINS,
    });
    renderWithProviders(<FundFlowPage />);
    expect(await screen.findByText('9999 records')).toBeTruthy();
    expect(screen.queryByTestId('records-total-capped')).toBeNull();
  });

  it('says when the records fail to load', async () => {
    mockApi({ '/merchant/account/funds-record': fail(500, 'The server is busy'), '/config/coinList': COINS });
    renderWithProviders(<FundFlowPage />);
    expect((await screen.findByTestId('fund-error')).textContent).toContain(
      'Could not load the fund flow: The server is busy',
    );
  });
});
