import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { WithdrawalBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { accountKeys } from '../../dashboard/api/account-keys';
import { merchantKeys } from '../../merchant/api/merchant-keys';
import { expectNewRecord, transactionRecordKeys } from './transaction-records';

/** POST /front/merchant/account/withdrawal (JSON): amount + fee are frozen at once, so every balance view reads again. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: WithdrawalBody) => callEndpoint('withdrawal', body),
    onSuccess: () => {
      expectNewRecord();
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: transactionRecordKeys.all }),
        queryClient.invalidateQueries({ queryKey: merchantKeys.all }),
        queryClient.invalidateQueries({ queryKey: accountKeys.all }),
      ]);
    },
  });
}
