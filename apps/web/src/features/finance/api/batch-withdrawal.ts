import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BatchPreviewBody, BatchSubmitBody } from '@tollgate/contracts';
import { callEndpoint, DOWNLOAD_TIMEOUT_MS } from '../../../shared/lib/http';
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
    // A 10,000-row batch is frozen in one transaction: it may take longer than a call's 60 s. If
    // the answer is lost anyway, submitting again says the batch was already submitted (3301).
    mutationFn: (body: BatchSubmitBody) =>
      callEndpoint('batchSubmit', body, { timeoutMs: DOWNLOAD_TIMEOUT_MS }),
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
