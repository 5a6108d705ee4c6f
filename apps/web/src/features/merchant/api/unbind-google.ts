import type { GoogleBindBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { useAccountMutation } from './use-account-mutation';

/** POST /front/google/remove (JSON): unbinds Google Authenticator with the password and a current code. */
export function unbindGoogle(body: GoogleBindBody) {
  return callEndpoint('googleUnbind', body);
}

export function useUnbindGoogle() {
  return useAccountMutation(unbindGoogle);
}
