import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { accountKeys } from './account-keys';

/** GET /front/merchant/account/info: balances per currency and their total in USDT (decimal strings). */
export function getAccountInfo(signal?: AbortSignal) {
  return callEndpoint('accountInfo', undefined, signal ? { signal } : {});
}

export function accountInfoQueryOptions() {
  return queryOptions({
    queryKey: accountKeys.info(),
    queryFn: ({ signal }) => getAccountInfo(signal),
    staleTime: 30_000,
  });
}

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
