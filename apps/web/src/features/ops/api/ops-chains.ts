import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpsChainRetryBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** How often the Chains page reads the chains again while it is open (heads move every few seconds). */
const CHAINS_REFRESH_MS = 10_000;

/** GET /front/ops/chains: every chain's scan, wallets, sends in flight, held withdrawals and alerts. */
export function useOpsChains() {
  return useQuery({
    queryKey: opsKeys.chains(),
    queryFn: ({ signal }) => callEndpoint('opsChains', undefined, { signal }),
    refetchInterval: CHAINS_REFRESH_MS,
  });
}

/** POST /front/ops/chains/retry: send a held withdrawal again (after the hot wallet is funded). */
export function useRetryHeldWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsChainRetryBody) => callEndpoint('opsChainRetry', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.chains() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.withdrawals() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.audit() }),
      ]),
  });
}
