import type { WhitelistRemoveBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { useWhitelistMutation } from './use-whitelist-mutation';

/** POST /front/merchant/whitelist/remove: one address off the list, with the Google code. */
export function removeWhitelistAddress(body: WhitelistRemoveBody) {
  return callEndpoint('whitelistRemove', body);
}

export function useRemoveWhitelistAddress() {
  return useWhitelistMutation(removeWhitelistAddress);
}
