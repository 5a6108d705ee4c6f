import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { BalanceOverview } from './balance-overview';

const ACCOUNT = {
  totalBalance: '1250.5',
  userBalanceList: [
    {
      coinName: 'USDT',
      available: '1234.5678',
      frozen: '0',
      rate: '1',
      usdtValue: '1234.56',
      icon: '/coins/usdt.svg',
    },
    {
      coinName: 'ETH',
      available: '0.005',
      frozen: '0.001',
      rate: '3200',
      usdtValue: '15.94',
      icon: '/coins/eth.svg',
    },
  ],
};

describe('BalanceOverview', () => {
  it('lists one row per currency under named column headers, coin amounts exact, USDT values rounded, aligned right', () => {
    renderWithProviders(<BalanceOverview account={ACCOUNT} isLoading={false} />);
    const table = screen.getByTestId('balance-table');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((header) => header.textContent)).toEqual([
      'Currency',
      'Available',
      'Frozen',
      '≈ USDT',
    ]);
    const [, usdt, eth] = within(table).getAllByRole('row');
    const cells = within(usdt as HTMLElement).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['USDT', '1,234.5678', '0', '1,234.56']);
    expect(cells[1]?.style.textAlign).toBe('right');
    // 0.005 ETH is no "0.00": a coin's balance as it is, its USDT value rounded.
    expect(
      within(eth as HTMLElement)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['ETH', '0.005', '0.001', '15.94']);
    expect(screen.getByTestId('balance-total').textContent).toContain('1,250.50');
  });

  it('shows the empty block instead of a table when there is no balance', () => {
    renderWithProviders(
      <BalanceOverview account={{ totalBalance: '0', userBalanceList: [] }} isLoading={false} />,
    );
    expect(screen.queryByTestId('balance-table')).toBeNull();
    expect(screen.getByTestId('empty-data')).toBeTruthy();
  });
});
