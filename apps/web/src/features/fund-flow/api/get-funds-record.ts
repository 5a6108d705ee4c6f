import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { FundsRecordBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/merchant/account/funds-record (JSON): the fund flow, newest first, a page at a time. */
export const fundsRecordKeys = {
  all: ['fundsRecord'] as const,
  page: (body: FundsRecordBody) => ['fundsRecord', body] as const,
};

export function useFundsRecord(body: FundsRecordBody) {
  return useQuery({
    queryKey: fundsRecordKeys.page(body),
    queryFn: ({ signal }) => callEndpoint('fundsRecord', body, { signal }),
    // A payment adds a record at any time: fresh on each visit and focus.
    staleTime: 0,
    placeholderData: keepPreviousData,
  });
}
