import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/http';
import { CONFIG_STALE_TIME, configKeys } from './config-keys';

/** GET /front/config/chainList: The supported chains. */
export function getChainList(signal?: AbortSignal) {
  return callEndpoint('chainList', undefined, signal ? { signal } : {});
}

export function chainListQueryOptions() {
  return queryOptions({
    queryKey: configKeys.chainList(),
    queryFn: ({ signal }) => getChainList(signal),
    staleTime: CONFIG_STALE_TIME,
  });
}

export function useChainList() {
  return useQuery(chainListQueryOptions());
}
