import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  OpsUnmatchedCreditBody,
  OpsUnmatchedPageBody,
  OpsUnmatchedReturnBody,
} from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { opsKeys } from './ops-keys';

/** POST /front/ops/unmatched/page: transfers no rule credits, newest first. */
export function useOpsUnmatched(body: OpsUnmatchedPageBody) {
  return useQuery({
    queryKey: opsKeys.unmatchedPage(body),
    queryFn: ({ signal }) => callEndpoint('opsUnmatchedPage', body, { signal }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}

/** POST /front/ops/unmatched/credit: to the address owner's balance, once. */
export function useCreditUnmatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsUnmatchedCreditBody) => callEndpoint('opsUnmatchedCredit', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.unmatched() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.merchants() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.audit() }),
      ]),
  });
}

/** POST /front/ops/unmatched/return: back to its sender from the hot wallet, with the operator's Google code. */
export function useReturnUnmatched() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: OpsUnmatchedReturnBody) => callEndpoint('opsUnmatchedReturn', body),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: opsKeys.unmatched() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.chains() }),
        queryClient.invalidateQueries({ queryKey: opsKeys.audit() }),
      ]),
  });
}
