import type { UpdatePasswordBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { useAccountMutation } from './use-account-mutation';

/** POST /front/update/password (form): changes the password with a mailed code; every other session is signed out. */
export function updatePassword(body: UpdatePasswordBody) {
  return callEndpoint('updatePassword', body);
}

export function useUpdatePassword() {
  return useAccountMutation(updatePassword);
}
