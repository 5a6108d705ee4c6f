import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../../test/render';
import { TodayOrders } from './today-orders';

const TODAY = {
  collection: { day: '2026-11-26', created: 12, completed: 9, amountUsdt: '12345.678', feeUsdt: '98.76543' },
  payout: { day: '2026-11-26', created: 0, completed: 0, amountUsdt: '0', feeUsdt: '0' },
};

describe('TodayOrders', () => {
  it('shows created, completed, amount and fees for collection and payout, amounts formatted', () => {
    renderWithProviders(<TodayOrders today={TODAY} isLoading={false} onRetry={() => {}} />);
    const collection = screen.getByTestId('today-collection');
    expect(within(collection).getByRole('heading', { name: 'Collection' })).toBeTruthy();
    expect(screen.getByTestId('today-collection-created').textContent).toContain('12');
    expect(screen.getByTestId('today-collection-completed').textContent).toContain('9');
    expect(screen.getByTestId('today-collection-amount').textContent).toContain('12,345.68');
    expect(screen.getByTestId('today-collection-amount').textContent).toContain('Completed amount (USDT)');
    expect(screen.getByTestId('today-collection-fee').textContent).toContain('98.77');
    expect(screen.getByTestId('today-payout-created').textContent).toContain('0');
    expect(screen.getByTestId('today-payout-amount').textContent).toContain('0.00');
    expect(screen.getByTestId('today-orders').textContent).toContain('Day 2026/11/26, Beijing time');
  });

  it('says what failed and reads again on retry', () => {
    const onRetry = vi.fn();
    renderWithProviders(<TodayOrders isLoading={false} errorMessage="Request failed" onRetry={onRetry} />);
    expect(screen.getByRole('alert').textContent).toContain('Request failed');
    fireEvent.click(screen.getByTestId('today-orders-retry'));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });
});
