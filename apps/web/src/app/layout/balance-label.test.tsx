import { focusManager } from '@tanstack/react-query';
import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../test/api-mock';
import { renderWithProviders } from '../../../test/render';
import { createQueryClient } from '../query-client';
import { BalanceLabel } from './balance-label';

const account = (total: string) => ok({ totalBalance: total, userBalanceList: [] });

afterEach(() => {
  vi.unstubAllGlobals();
  focusManager.setFocused(undefined);
});

describe('the header balance', () => {
  it('is read again when the window regains focus, so a payment shows without a reload', async () => {
    const api = mockApi({ '/merchant/account/info': [account('0'), account('49.6')] });
    // The app's own client, whose default is not to read again on focus.
    const { queryClient } = renderWithProviders(<BalanceLabel />, { queryClient: createQueryClient() });
    expect((await screen.findByTestId('header-balance')).textContent).toBe('Total balance ≈ 0.00 USDT');
    // As after the 5 s that guard against double reads: stale, not read again by itself.
    await act(() => queryClient.invalidateQueries({ refetchType: 'none' }));
    expect(api.callsTo('/merchant/account/info')).toHaveLength(1);
    act(() => {
      focusManager.setFocused(false);
      focusManager.setFocused(true);
    });
    await waitFor(() =>
      expect(screen.getByTestId('header-balance').textContent).toBe('Total balance ≈ 49.60 USDT'),
    );
    expect(api.callsTo('/merchant/account/info')).toHaveLength(2);
  });
});
