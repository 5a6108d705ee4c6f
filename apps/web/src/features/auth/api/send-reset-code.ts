import { useMutation } from '@tanstack/react-query';
import type { EmailBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/v1/reset/emailCode (form): mails a 6-digit password-reset code. */
export function sendResetCode(body: EmailBody) {
  return callEndpoint('sendResetCode', body);
}

export function useSendResetCode() {
  return useMutation({ mutationFn: sendResetCode });
}
