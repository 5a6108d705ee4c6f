import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpsApproveBody, OpsRejectBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/**
 * The review decisions. Approve (POST /front/ops/withdrawals/approve) sends the transfer
 * through the chain adapter; on devnet `failOnChain` makes it revert. Reject (…/reject) needs a
 * reason and returns amount + fee to the merchant. Either way the queue, the merchants (their
 * pending count and balances) and the audit log change.
 */
function useReviewMutation<B>(call: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.withdrawals() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.merchants() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.audit() }),
      ]),
  });
}

export function useApproveWithdrawal() {
  return useReviewMutation((body: OpsApproveBody) => callEndpoint('opsWithdrawalApprove', body));
}

export function useRejectWithdrawal() {
  return useReviewMutation((body: OpsRejectBody) => callEndpoint('opsWithdrawalReject', body));
}
