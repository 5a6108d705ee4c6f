import type { WhitelistAddBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { useWhitelistMutation } from './use-whitelist-mutation';

/** POST /front/merchant/whitelist/add: an address for a chain, with the Google code and the emailed code. */
export function addWhitelistAddress(body: WhitelistAddBody) {
  return callEndpoint('whitelistAdd', body);
}

export function useAddWhitelistAddress() {
  return useWhitelistMutation(addWhitelistAddress);
}
