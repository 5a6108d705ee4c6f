import type { SetPhoneBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { useAccountMutation } from './use-account-mutation';

/** POST /front/merchant/phone (JSON): sets the phone number of the phone login tab; the password confirms it. */
export function setPhone(body: SetPhoneBody) {
  return callEndpoint('setPhone', body);
}

export function useSetPhone() {
  return useAccountMutation(setPhone);
}
