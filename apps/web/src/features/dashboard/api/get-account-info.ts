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
    // Payments credit the balance at any time: read again when the window regains focus (the
    // shell also reads it again on each navigation), kept for 5 s against double reads.
    staleTime: 5_000,
    refetchOnWindowFocus: true,
  });
}

export function useAccountInfo() {
  return useQuery(accountInfoQueryOptions());
}
