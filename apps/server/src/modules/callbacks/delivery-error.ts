import type { DeliveryErrorCode } from '@tollgate/contracts';

/**
 * A delivery attempt's error is stored as technical English text (for the operator's log and
 * the merchant's details: "ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9"); what kind of
 * failure it was is a stable code, which the back office shows in the merchant's language.
 * The texts are written only with these openings, so the code is read back from them.
 */
export const DELIVERY_ERROR_TEXT = {
  appDeleted: 'skipped: the application was deleted',
  noUrl: 'skipped: no callback URL on the order or its application',
  invalidUrl: 'the callback URL is not a valid http(s) URL',
  dnsFailed: 'cannot resolve ',
  addressRefused: 'refused by the SSRF guard: ',
  timeout: 'timed out after ',
  notAcknowledged: 'not acknowledged: ',
  /** The attempt failed before anything was sent (its secret would not open, say). */
  notSent: 'not sent: ',
} as const;

const BY_OPENING: [string, DeliveryErrorCode][] = [
  [DELIVERY_ERROR_TEXT.appDeleted, 'app_deleted'],
  [DELIVERY_ERROR_TEXT.noUrl, 'no_url'],
  [DELIVERY_ERROR_TEXT.invalidUrl, 'invalid_url'],
  [DELIVERY_ERROR_TEXT.dnsFailed, 'dns_failed'],
  [DELIVERY_ERROR_TEXT.addressRefused, 'address_refused'],
  [DELIVERY_ERROR_TEXT.timeout, 'timeout'],
  [DELIVERY_ERROR_TEXT.notAcknowledged, 'not_acknowledged'],
  [DELIVERY_ERROR_TEXT.notSent, 'not_sent'],
];

/** null when the attempt has no error; anything else the network said is a connection failure. */
export function deliveryErrorCode(error: string | null): DeliveryErrorCode | null {
  if (error === null) return null;
  return BY_OPENING.find(([opening]) => error.startsWith(opening))?.[1] ?? 'connection_failed';
}
