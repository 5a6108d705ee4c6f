import { useMutation } from '@tanstack/react-query';
import type { EmailBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/login/sendEmailCode (form): mails a 6-digit login code to the email. */
export function sendLoginCode(body: EmailBody) {
  return callEndpoint('sendLoginCode', body);
}

export function useSendLoginCode() {
  return useMutation({ mutationFn: sendLoginCode });
}
