import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { merchantKeys } from './merchant-keys';

/**
 * GET /front/google/check: whether Google Authenticator is bound; while it is not, the
 * pending secret and its otpauth:// URL (issuer Tollgate, the account's email) to bind.
 */
export function getGoogleCheck(signal?: AbortSignal) {
  return callEndpoint('googleCheck', undefined, signal ? { signal } : {});
}

export function googleCheckQueryOptions() {
  return queryOptions({
    queryKey: merchantKeys.googleCheck(),
    queryFn: ({ signal }) => getGoogleCheck(signal),
  });
}

export function useGoogleCheck() {
  return useQuery(googleCheckQueryOptions());
}
