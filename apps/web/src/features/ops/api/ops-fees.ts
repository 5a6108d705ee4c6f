import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsFeeTable, OpsFeeUpdateBody, OpsRateUpdateBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** GET /front/ops/fees: the fee table per chain and coin, and the exchange rates. */
export function useOpsFeeTable() {
  return useQuery({
    queryKey: opsKeys.fees(),
    queryFn: ({ signal }) => callEndpoint('opsFeeTable', undefined, { signal }),
    staleTime: 0,
  });
}

/** Both updates answer the whole table, which replaces the cached one; the audit log grows. */
function useFeeMutation<B>(call: (body: B) => Promise<OpsFeeTable>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (table) => queryClient.setQueryData(opsKeys.fees(), table),
    onSettled: () => queryClient.invalidateQueries({ queryKey: opsKeys.audit() }),
  });
}

/** POST /front/ops/fees/update: one chain and coin's collection rate and payout fee. */
export function useUpdateFee() {
  return useFeeMutation((body: OpsFeeUpdateBody) => callEndpoint('opsFeeUpdate', body));
}

/** POST /front/ops/rates/update: one coin's exchange rate to USDT. */
export function useUpdateRate() {
  return useFeeMutation((body: OpsRateUpdateBody) => callEndpoint('opsRateUpdate', body));
}
