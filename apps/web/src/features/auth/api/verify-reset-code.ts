import { useMutation } from '@tanstack/react-query';
import type { EmailCodeBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/reset/login/verify (form): checks a reset code without using it up. */
export function verifyResetCode(body: EmailCodeBody) {
  return callEndpoint('verifyResetCode', body);
}

export function useVerifyResetCode() {
  return useMutation({ mutationFn: verifyResetCode });
}
