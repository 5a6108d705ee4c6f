import { useMutation } from '@tanstack/react-query';
import type { EmailCodePasswordBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/reset/login/password (form): sets the new password with the code; every session is revoked. */
export function resetPassword(body: EmailCodePasswordBody) {
  return callEndpoint('resetPassword', body);
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
