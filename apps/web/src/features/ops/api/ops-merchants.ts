import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsAutoApproveBody, OpsMerchantPageBody, OpsMerchantStatusBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** POST /front/ops/merchants/page (JSON): merchants with status, balances and auto-approve threshold. */
export function useOpsMerchants(body: OpsMerchantPageBody) {
  return useQuery({
    queryKey: opsKeys.merchantPage(body),
    queryFn: ({ signal }) => callEndpoint('opsMerchantPage', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

function useMerchantMutation<B>(call: (body: B) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.merchants() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.audit() }),
      ]),
  });
}

/** POST /front/ops/merchants/status: disable (the merchant can no longer log in) or enable. */
export function useSetMerchantStatus() {
  return useMerchantMutation((body: OpsMerchantStatusBody) => callEndpoint('opsMerchantStatus', body));
}

/** POST /front/ops/merchants/auto-approve: withdrawals worth at most this many USDT skip review. */
export function useSetAutoApprove() {
  return useMerchantMutation((body: OpsAutoApproveBody) => callEndpoint('opsMerchantAutoApprove', body));
}
