import { isIP } from 'node:net';

/**
 * TRUST_PROXY: which X-Forwarded-For entries were written by our own proxies. Each proxy
 * appends the address it received the request from, so the client's address is the right-most
 * entry not added by a trusted proxy; everything left of it is whatever the client wrote.
 *
 * - unset, `false` or `0`: no proxy; the client is the socket's peer.
 * - a hop count (`1` = one reverse proxy in front): the socket's peer and the right-most
 *   count - 1 entries are proxies. The server must be reachable only through them.
 * - a list of the proxies' IPs/CIDRs: an address is a proxy when it is in the list.
 * - `true` (trust every hop) is refused: the left-most entry, which the client writes itself,
 *   would become its address, and per-IP limits would fall to a new header value each time.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

export const TRUST_PROXY_TRUE_REFUSED =
  'TRUST_PROXY=true would trust any X-Forwarded-For a client writes; set the number of proxies in front (1) or their IPs/CIDRs';

const MAX_HOPS = 20;

/** The setting, or null when it is not one of the forms above. */
export function parseTrustProxy(value: string | undefined): TrustProxy | null {
  if (value === undefined || value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    if (hops > MAX_HOPS) return null;
    return hops === 0 ? false : { hops };
  }
  const proxies = value.split(',').map((entry) => entry.trim());
  return proxies.every(isAddressOrRange) ? { proxies } : null;
}

function isAddressOrRange(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  return /^\d{1,3}$/.test(prefix) && Number(prefix) <= (version === 4 ? 32 : 128);
}

/**
 * Fastify's `trustProxy` for the setting. A hop count is given as a function: Fastify turns a
 * plain number into "trust nothing", since it cannot tell the socket's peer is a proxy (here
 * the operator says so). `i` counts from the socket's peer (0) leftwards through the header.
 */
export function toFastifyTrustProxy(
  setting: TrustProxy,
): false | string[] | ((address: string, i: number) => boolean) {
  if (setting === false) return false;
  if ('proxies' in setting) return setting.proxies;
  const { hops } = setting;
  return (_address, i) => i < hops;
}
