import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { merchantKeys } from './merchant-keys';

/** POST /front/otc/merchant-sys/login-info (multipart): the profile with the last ten logins, newest first. */
export function getLoginInfo(signal?: AbortSignal) {
  return callEndpoint('loginInfo', {}, signal ? { signal } : {});
}

export function loginInfoQueryOptions() {
  return queryOptions({
    queryKey: merchantKeys.loginInfo(),
    queryFn: ({ signal }) => getLoginInfo(signal),
  });
}

export function useLoginInfo() {
  return useQuery(loginInfoQueryOptions());
}
