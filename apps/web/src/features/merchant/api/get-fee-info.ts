import { queryOptions, useQuery } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';
import { merchantKeys } from './merchant-keys';

/** GET /front/merchant/fee-info: the rate table, collection rate and payout fee per currency and chain. */
export function getFeeInfo(signal?: AbortSignal) {
  return callEndpoint('feeInfo', {}, signal ? { signal } : {});
}

export function feeInfoQueryOptions() {
  return queryOptions({
    queryKey: merchantKeys.feeInfo(),
    queryFn: ({ signal }) => getFeeInfo(signal),
  });
}

export function useFeeInfo() {
  return useQuery(feeInfoQueryOptions());
}
