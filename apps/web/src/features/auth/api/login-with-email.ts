import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ErrorCode, type LoginBody, type LoginResult } from '@tollgate/contracts';
import { requestEnvelope } from '../../../shared/lib/http';
import { storeToken } from '../../../shared/lib/session';

/**
 * POST /front/login (form-encoded). A non-zero code rejects with the server's message, except
 * 601, which resolves (SPEC section 4): the caller then asks for the Google code.
 */
export type LoginOutcome =
  | { status: 'loggedIn'; result: LoginResult }
  | { status: 'googleCodeRequired'; message: string; data: unknown };

export async function loginWithEmail(body: LoginBody): Promise<LoginOutcome> {
  const envelope = await requestEnvelope('login', body, { resolveCodes: [ErrorCode.GOOGLE_CODE_REQUIRED] });
  if (envelope.code === ErrorCode.GOOGLE_CODE_REQUIRED) {
    return { status: 'googleCodeRequired', message: envelope.message, data: envelope.data };
  }
  const result = envelope.data as LoginResult;
  storeToken(result.token);
  return { status: 'loggedIn', result };
}

export function useLoginWithEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: loginWithEmail,
    onSuccess: () => {
      // Whatever another session left behind must not show under this login.
      queryClient.clear();
    },
  });
}
