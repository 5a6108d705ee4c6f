import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { TransactionRecordBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/merchant/account/transaction-record (JSON): deposits or withdrawals, newest first, a page at a time. */
export const transactionRecordKeys = {
  all: ['transactionRecord'] as const,
  page: (body: TransactionRecordBody) => ['transactionRecord', body] as const,
};

/**
 * While a record is still moving (confirming, under review, sending), or one is expected (a
 * deposit just simulated, a withdrawal just sent), the list is read again every 3 s; otherwise
 * every 30 s, so a transfer from an outside wallet shows up too (only while the tab is visible).
 */
export const MOVING_REFRESH_MS = 3000;
export const IDLE_REFRESH_MS = 30_000;
const EXPECTING_MS = 60_000;
/** Statuses a record is still moving in (read often, and its settling changes a balance). */
export const MOVING_STATUSES: ReadonlySet<string> = new Set(['confirming', 'pending_review', 'processing']);
let expectingUntil = 0;

/** A new record is on its way (it appears with the next block): read the list often for a while. */
export function expectNewRecord(now = Date.now()) {
  expectingUntil = now + EXPECTING_MS;
}

export function useTransactionRecords(body: TransactionRecordBody) {
  return useQuery({
    queryKey: transactionRecordKeys.page(body),
    queryFn: ({ signal }) => callEndpoint('transactionRecord', body, { signal }),
    staleTime: 0,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      Date.now() < expectingUntil ||
      query.state.data?.list.some((record) => MOVING_STATUSES.has(record.status))
        ? MOVING_REFRESH_MS
        : IDLE_REFRESH_MS,
  });
}
