import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DepositBody, TestDepositBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { expectNewRecord, transactionRecordKeys } from './transaction-records';

/** POST /front/merchant/account/deposit (JSON): the merchant's own address on a chain; stable, so cached for the visit. */
export const depositKeys = {
  all: ['deposit'] as const,
  address: (body: DepositBody) => ['deposit', body.coinName, body.chainId] as const,
};

export function useDepositAddress(body: DepositBody | null) {
  return useQuery({
    queryKey: depositKeys.address(body ?? { coinName: '', chainId: '' }),
    queryFn: ({ signal }) => callEndpoint('deposit', body as DepositBody, { signal }),
    enabled: body !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** POST /front/test/deposit (devnet only): a simulated transfer to the deposit address. */
export function useSimulateDeposit() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TestDepositBody) => callEndpoint('testDeposit', body),
    onSuccess: () => {
      expectNewRecord();
      return queryClient.invalidateQueries({ queryKey: transactionRecordKeys.all });
    },
  });
}
