import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** GET /front/ops/me: the logged-in operator, and whether Google must be bound first. */
export function opsMeQueryOptions() {
  return queryOptions({
    queryKey: opsKeys.me(),
    queryFn: ({ signal }) => callEndpoint('opsMe', undefined, { signal }),
  });
}

export function useOpsMe() {
  return useQuery(opsMeQueryOptions());
}
