import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { OpsWithdrawalPageBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/**
 * POST /front/ops/withdrawals/page (JSON): the review queue (pending_review by default) and
 * every other withdrawal and payout, newest first. Read again every 15 s, so new requests
 * show up while the operator works through the queue.
 */
export const QUEUE_REFRESH_MS = 15_000;

export function useOpsWithdrawals(body: OpsWithdrawalPageBody) {
  return useQuery({
    queryKey: opsKeys.withdrawalPage(body),
    queryFn: ({ signal }) => callEndpoint('opsWithdrawalPage', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
    refetchInterval: QUEUE_REFRESH_MS,
  });
}

/** POST /front/ops/withdrawals/detail (JSON): the withdrawal, its merchant and the address's history. */
export function useOpsWithdrawalDetail(withdrawalNo: string | undefined) {
  return useQuery({
    queryKey: opsKeys.withdrawalDetail(withdrawalNo ?? ''),
    queryFn: ({ signal }) =>
      callEndpoint('opsWithdrawalDetail', { withdrawalNo: withdrawalNo ?? '' }, { signal }),
    enabled: Boolean(withdrawalNo),
    staleTime: 0,
  });
}
