import { type MutationFunction, useMutation, useQueryClient } from '@tanstack/react-query';
import type { WhitelistResult } from '@tollgate/contracts';
import { merchantKeys } from './merchant-keys';

/**
 * A change to the whitelist answers the whole whitelist: it replaces the cached one at once.
 * Turning it off also pauses withdrawals, so the merchant's other views are read again.
 */
export function useWhitelistMutation<TVariables>(mutationFn: MutationFunction<WhitelistResult, TVariables>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (result) => {
      queryClient.setQueryData(merchantKeys.whitelist(), result);
      void queryClient.invalidateQueries({ queryKey: merchantKeys.info() });
    },
  });
}
