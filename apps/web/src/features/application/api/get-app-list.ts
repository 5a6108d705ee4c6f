import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { applicationKeys } from './application-keys';

/** POST /front/app/list (JSON): the merchant's applications with their order counts. */
export function getAppList(signal?: AbortSignal) {
  return callEndpoint('appList', {}, signal ? { signal } : {});
}

export function appListQueryOptions() {
  return queryOptions({
    queryKey: applicationKeys.list(),
    queryFn: ({ signal }) => getAppList(signal),
    // The counts move with orders: fresh on each visit and focus, not polled.
    staleTime: 0,
  });
}

export function useAppList() {
  return useQuery(appListQueryOptions());
}
