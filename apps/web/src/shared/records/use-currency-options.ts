import { useMemo } from 'react';
import { useCoinList } from '../api/get-coin-list';

/** The currency filter's options: each coin once (a coin runs on several chains), and whether they load. */
export function useCurrencyOptions() {
  const coins = useCoinList();
  const options = useMemo(
    () =>
      [...new Set((coins.data ?? []).map((coin) => coin.coinName))].map((name) => ({
        value: name,
        label: name,
      })),
    [coins.data],
  );
  return { options, isLoading: coins.isPending };
}
