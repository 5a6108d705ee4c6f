import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/email/update/password/code (form): mails a 6-digit code to the logged-in merchant's email. */
export function sendPasswordChangeCode() {
  return callEndpoint('sendPasswordChangeCode', {});
}

export function useSendPasswordChangeCode() {
  return useMutation({ mutationFn: sendPasswordChangeCode });
}
