import { useMutation } from '@tanstack/react-query';
import { callEndpoint } from '../../../shared/lib/http';

/** POST /front/merchant/whitelist/code: mails a 6-digit code for adding a whitelist address. */
export function sendWhitelistCode() {
  return callEndpoint('whitelistCode', {});
}

export function useSendWhitelistCode() {
  return useMutation({ mutationFn: sendWhitelistCode });
}
