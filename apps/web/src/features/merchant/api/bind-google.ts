import type { GoogleBindBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { useAccountMutation } from './use-account-mutation';

/** POST /front/google/send (JSON): binds the pending secret with the password and a current code. */
export function bindGoogle(body: GoogleBindBody) {
  return callEndpoint('googleBind', body);
}

export function useBindGoogle() {
  return useAccountMutation(bindGoogle);
}
