import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { merchantKeys } from './merchant-keys';

/** POST /front/merchant/whitelist/list: whether the withdrawal address whitelist is on, and its addresses. */
export function getWhitelist(signal?: AbortSignal) {
  return callEndpoint('whitelistList', {}, signal ? { signal } : {});
}

export function whitelistQueryOptions() {
  return queryOptions({ queryKey: merchantKeys.whitelist(), queryFn: ({ signal }) => getWhitelist(signal) });
}

export function useWhitelist(options: { enabled?: boolean } = {}) {
  return useQuery({ ...whitelistQueryOptions(), enabled: options.enabled ?? true });
}
