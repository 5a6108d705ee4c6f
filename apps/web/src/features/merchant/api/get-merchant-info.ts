import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { merchantKeys } from './merchant-keys';

/** GET /front/merchant/info: the logged-in merchant (ID, login email, registration time). */
export function getMerchantInfo(signal?: AbortSignal) {
  return callEndpoint('merchantInfo', undefined, signal ? { signal } : {});
}

export function merchantInfoQueryOptions() {
  return queryOptions({
    queryKey: merchantKeys.info(),
    queryFn: ({ signal }) => getMerchantInfo(signal),
    staleTime: 5 * 60_000,
  });
}

export function useMerchantInfo() {
  return useQuery(merchantInfoQueryOptions());
}
