import { useMutation } from '@tanstack/react-query';
import type { EmailCodeBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/register/email/codeVerify (form): checks a registration code without using it up. */
export function verifyRegisterCode(body: EmailCodeBody) {
  return callEndpoint('verifyRegisterCode', body);
}

export function useVerifyRegisterCode() {
  return useMutation({ mutationFn: verifyRegisterCode });
}
