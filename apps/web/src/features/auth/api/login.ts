import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, LoginResult } from '@tollgate/contracts';
import { ErrorCode } from '@tollgate/contracts/errors';
import { requestEnvelope } from '../../../shared/lib/http';
import { storeToken } from '../../../shared/lib/session';

/**
 * POST /front/login (form-encoded): email or phone + country code, then a password or (email
 * only) an emailed code, plus `googleCode` on the second try. A non-zero code rejects with the
 * server's message, except 601, which resolves (SPEC section 4): the page then asks for the
 * Google code and sends the same credentials again with it.
 */
export type LoginOutcome =
  | { status: 'loggedIn'; result: LoginResult }
  | { status: 'googleCodeRequired'; message: string };

export async function login(body: LoginBody): Promise<LoginOutcome> {
  const envelope = await requestEnvelope('login', body, { resolveCodes: [ErrorCode.GOOGLE_CODE_REQUIRED] });
  if (envelope.code === ErrorCode.GOOGLE_CODE_REQUIRED) {
    return { status: 'googleCodeRequired', message: envelope.message };
  }
  const result = envelope.data as LoginResult;
  storeToken(result.token);
  return { status: 'loggedIn', result };
}

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: login,
    onSuccess: (outcome) => {
      // Whatever another session left behind must not show under this login.
      if (outcome.status === 'loggedIn') queryClient.clear();
    },
  });
}
