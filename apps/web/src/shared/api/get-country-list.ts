import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../lib/http';

/**
 * POST /front/otc/merchant-sys/support/country (multipart): countries with their dial codes,
 * named in the request's language. Shared because both the phone login tab and the merchant's
 * "set phone" form choose a dial code. Reference data: loaded once per page load.
 */
export const countryKeys = {
  all: ['countries'] as const,
  list: () => [...countryKeys.all, 'list'] as const,
};

export function getCountryList(signal?: AbortSignal) {
  return callEndpoint('countryList', {}, signal ? { signal } : {});
}

export function countryListQueryOptions() {
  return queryOptions({
    queryKey: countryKeys.list(),
    queryFn: ({ signal }) => getCountryList(signal),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useCountryList() {
  return useQuery(countryListQueryOptions());
}
