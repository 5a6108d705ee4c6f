import type { WhitelistSwitchBody } from '@tollgate/contracts';
import { callEndpoint } from '../../../shared/lib/http';
import { useWhitelistMutation } from './use-whitelist-mutation';

/** POST /front/merchant/whitelist/switch: on (an address must be listed) or off (withdrawals pause 24 h), Google code. */
export function switchWhitelist(body: WhitelistSwitchBody) {
  return callEndpoint('whitelistSwitch', body);
}

export function useSwitchWhitelist() {
  return useWhitelistMutation(switchWhitelist);
}
