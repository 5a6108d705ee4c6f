import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchPreviewBody, BatchSubmitBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { accountKeys } from '../../dashboard/api/account-keys';
import { merchantKeys } from '../../merchant/api/merchant-keys';
import { expectNewRecord, transactionRecordKeys } from './transaction-records';

/** POST …/withdrawal/batch/preview (JSON): every row checked, the totals per coin; nothing frozen. */
export function usePreviewBatch() {
  return useMutation({ mutationFn: (body: BatchPreviewBody) => callEndpoint('batchPreview', body) });
}

/** POST …/withdrawal/batch/submit (JSON): every row frozen at once, so every balance view reads again. */
export function useSubmitBatch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BatchSubmitBody) => callEndpoint('batchSubmit', body),
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
