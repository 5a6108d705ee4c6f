import { useMutation } from '@tanstack/react-query';
import type { EmailCodePasswordBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/register/email (form): creates the account; the code is used up. A taken email answers 1105. */
export function registerByEmail(body: EmailCodePasswordBody) {
  return callEndpoint('registerByEmail', body);
}

export function useRegisterByEmail() {
  return useMutation({ mutationFn: registerByEmail });
}
