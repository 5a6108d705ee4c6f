import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/http';
import { CONFIG_STALE_TIME, configKeys } from './config-keys';

/** GET /front/config/exchangeRateList: Exchange rates of each currency to USDT. */
export function getExchangeRateList(signal?: AbortSignal) {
  return callEndpoint('exchangeRateList', undefined, signal ? { signal } : {});
}

export function exchangeRateListQueryOptions() {
  return queryOptions({
    queryKey: configKeys.exchangeRateList(),
    queryFn: ({ signal }) => getExchangeRateList(signal),
    staleTime: CONFIG_STALE_TIME,
  });
}

export function useExchangeRateList() {
  return useQuery(exchangeRateListQueryOptions());
}
