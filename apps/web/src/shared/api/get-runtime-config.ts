import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/http';
import { CONFIG_STALE_TIME, configKeys } from './config-keys';

/** GET /front/config/runtime: the chain mode (devnet: simulated payments) and each chain's confirmations. */
export function getRuntimeConfig(signal?: AbortSignal) {
  return callEndpoint('runtimeConfig', undefined, signal ? { signal } : {});
}

export function runtimeConfigQueryOptions() {
  return queryOptions({
    queryKey: configKeys.runtimeConfig(),
    queryFn: ({ signal }) => getRuntimeConfig(signal),
    // The mode changes only with a server restart.
    staleTime: CONFIG_STALE_TIME,
  });
}

export function useRuntimeConfig() {
  return useQuery(runtimeConfigQueryOptions());
}
