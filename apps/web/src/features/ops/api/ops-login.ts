import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { OpsLoginBody, OpsLoginResult } from '@tollgate/contracts';
import { ErrorCode } from '@tollgate/contracts/errors';
import { requestEnvelope } from '../../../shared/lib/http';
import { storeOpsToken } from '../../../shared/lib/ops-session';
import { opsKeys } from './ops-keys';

/**
 * POST /front/ops/login (JSON): email and password, plus `googleCode` on the second try. As
 * the merchant login, 601 resolves (the page asks for the Google code and sends the same
 * credentials again with it); every other non-zero code rejects with the server's message.
 */
export type OpsLoginOutcome =
  | { status: 'loggedIn'; result: OpsLoginResult }
  | { status: 'googleCodeRequired'; message: string };

export async function opsLogin(body: OpsLoginBody): Promise<OpsLoginOutcome> {
  const envelope = await requestEnvelope('opsLogin', body, {
    resolveCodes: [ErrorCode.GOOGLE_CODE_REQUIRED],
  });
  if (envelope.code === ErrorCode.GOOGLE_CODE_REQUIRED) {
    return { status: 'googleCodeRequired', message: envelope.message };
  }
  const result = envelope.data as OpsLoginResult;
  storeOpsToken(result.token);
  return { status: 'loggedIn', result };
}

export function useOpsLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: opsLogin,
    onSuccess: (outcome) => {
      // Another operator's answers must not show under this login; the merchant's cache stays.
      if (outcome.status !== 'loggedIn') return;
      queryClient.removeQueries({ queryKey: opsKeys.all });
      queryClient.setQueryData(opsKeys.me(), outcome.result.operator);
    },
  });
}
