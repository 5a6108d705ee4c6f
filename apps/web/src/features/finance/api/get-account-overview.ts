import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { merchantKeys } from '../../merchant/api/merchant-keys';

/** GET /front/merchant/account/overview: every currency's balances and worth, the total, the distribution. */
export function getAccountOverview(signal?: AbortSignal) {
  return callEndpoint('accountOverview', {}, signal ? { signal } : {});
}

export function accountOverviewQueryOptions() {
  return queryOptions({
    queryKey: [...merchantKeys.all, 'accountOverview'] as const,
    queryFn: ({ signal }) => getAccountOverview(signal),
  });
}

export function useAccountOverview() {
  return useQuery(accountOverviewQueryOptions());
}
