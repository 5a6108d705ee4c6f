import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** GET /front/ops/server-warnings: settings that weaken a safety rule while they are set. */
export function opsServerWarningsQueryOptions() {
  return queryOptions({
    queryKey: opsKeys.serverWarnings(),
    queryFn: ({ signal }) => callEndpoint('opsServerWarnings', undefined, { signal }),
  });
}

export function useOpsServerWarnings() {
  return useQuery(opsServerWarningsQueryOptions());
}
