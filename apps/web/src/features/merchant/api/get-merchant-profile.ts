import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { merchantKeys } from './merchant-keys';

/**
 * POST /front/userConfigFeign/pageUserInfo (JSON): merchant ID, login account, registration
 * time, phone, Google state and whether a password was ever set (the user information card).
 */
export function getMerchantProfile(signal?: AbortSignal) {
  return callEndpoint('pageUserInfo', {}, signal ? { signal } : {});
}

export function merchantProfileQueryOptions() {
  return queryOptions({
    queryKey: merchantKeys.profile(),
    queryFn: ({ signal }) => getMerchantProfile(signal),
  });
}

export function useMerchantProfile() {
  return useQuery(merchantProfileQueryOptions());
}
