import { useMutation } from '@tanstack/react-query';
import type { EmailBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/reg/mail/code (form): mails a 6-digit registration code. */
export function sendRegisterCode(body: EmailBody) {
  return callEndpoint('sendRegisterCode', body);
}

export function useSendRegisterCode() {
  return useMutation({ mutationFn: sendRegisterCode });
}
