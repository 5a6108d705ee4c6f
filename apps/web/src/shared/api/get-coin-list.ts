import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/http';
import { CONFIG_STALE_TIME, configKeys } from './config-keys';

/** GET /front/config/coinList: Every currency on every chain (entries are grouped by coinName into units). */
export function getCoinList(signal?: AbortSignal) {
  return callEndpoint('coinList', undefined, signal ? { signal } : {});
}

export function coinListQueryOptions() {
  return queryOptions({
    queryKey: configKeys.coinList(),
    queryFn: ({ signal }) => getCoinList(signal),
    staleTime: CONFIG_STALE_TIME,
  });
}

export function useCoinList() {
  return useQuery(coinListQueryOptions());
}
