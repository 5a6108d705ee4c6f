import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { DELIVERY_ERROR_TEXT } from './delivery-error';

/**
 * The SSRF guard of callbacks, applied when a callback is sent: the host is resolved here and
 * every address it resolves to must be a global unicast address. Anything else is refused:
 * loopback, private (RFC 1918, ULA fc00::/7), link-local, CGNAT 100.64/10, multicast,
 * unspecified, broadcast, reserved and documentation ranges, IPv6 forms that embed an IPv4
 * address (mapped ::ffff:a.b.c.d is judged as that IPv4 address; the deprecated IPv4-compatible
 * ::a.b.c.d of ::/96, which a 6-in-4 tunnel such as Linux's sit0 carries to that IPv4 address, is
 * always refused, naming the IPv4 range it hides; NAT64, 6to4 and Teredo are refused), and the
 * cloud metadata addresses. The caller then connects to the address checked
 * here (callback-http.ts pins it), so a second DNS answer cannot move the request elsewhere.
 *
 * ALLOW_PRIVATE_CALLBACKS=1 (tests, local development) lets private, loopback, link-local, CGNAT
 * and ULA addresses through; metadata, unspecified (0.0.0.0 reaches this host), multicast,
 * broadcast and the other special ranges stay refused even then.
 */
export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await lookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

const METADATA_ADDRESSES = new Set(['169.254.169.254', 'fd00:ec2::254']);
const PRIVATE_RANGES = new Set(['private', 'loopback', 'linkLocal', 'carrierGradeNat', 'uniqueLocal']);

/**
 * What the guard makes of an address: a pure function of its text, kept for the addresses seen
 * lately (at most KEPT_ADDRESSES, forgotten all at once when full): a shop's callbacks go to the
 * same few addresses, and parsing one was a few per cent of an attempt's CPU.
 */
interface AddressFacts {
  family: 4 | 6 | null;
  refusal: string | null;
  refusalUnlessPrivateAllowed: string | null;
}

const KEPT_ADDRESSES = 4096;
const facts = new Map<string, AddressFacts>();

function factsOf(address: string): AddressFacts {
  let known = facts.get(address);
  if (!known) {
    const family = ipaddr.isValid(address) ? (ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4) : null;
    known = {
      family,
      refusal: judge(address, false),
      refusalUnlessPrivateAllowed: judge(address, true),
    };
    if (facts.size >= KEPT_ADDRESSES) facts.clear();
    facts.set(address, known);
  }
  return known;
}

/** Why a callback may not go to this address (a short phrase for the delivery log), or null. */
export function refusalOf(address: string, allowPrivate: boolean): string | null {
  const known = factsOf(address);
  return allowPrivate ? known.refusalUnlessPrivateAllowed : known.refusal;
}

function judge(address: string, allowPrivate: boolean): string | null {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  let parsed: ipaddr.IPv4 | ipaddr.IPv6 = ipaddr.parse(address);
  const compatible = ipv4CompatibleOf(parsed);
  if (compatible) {
    const hidden = judge(compatible, false);
    return hidden ? `${hidden} (IPv4-compatible form)` : 'a deprecated IPv4-compatible address';
  }
  if (parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress()) {
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  }
  if (METADATA_ADDRESSES.has(parsed.toNormalizedString()) || METADATA_ADDRESSES.has(parsed.toString())) {
    return 'a cloud metadata address';
  }
  const range = parsed.range();
  if (range === 'unicast') return null;
  if (allowPrivate && PRIVATE_RANGES.has(range)) return null;
  return `${RANGE_NAMES[range] ?? `a special-purpose address (${range})`}`;
}

/**
 * The IPv4 address inside an IPv4-compatible IPv6 address (::/96 apart from :: and ::1), or null.
 * ipaddr.js calls such an address unicast; the URL parser writes [::127.0.0.1] as [::7f00:1].
 */
function ipv4CompatibleOf(parsed: ipaddr.IPv4 | ipaddr.IPv6): string | null {
  if (parsed.kind() !== 'ipv6') return null;
  const parts = (parsed as ipaddr.IPv6).parts;
  if (parts.slice(0, 6).some((part) => part !== 0)) return null;
  const [high = 0, low = 0] = parts.slice(6);
  if (high === 0 && low <= 1) return null;
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.');
}

const RANGE_NAMES: Record<string, string> = {
  private: 'a private address',
  uniqueLocal: 'a private (unique local) address',
  loopback: 'a loopback address',
  linkLocal: 'a link-local address',
  carrierGradeNat: 'a carrier-grade NAT address',
  multicast: 'a multicast address',
  unspecified: 'the unspecified address',
  broadcast: 'the broadcast address',
};

export type TargetCheck = { ok: true; address: ResolvedAddress } | { ok: false; error: string };

/**
 * The address to connect to for this URL, checked. A host that resolves to several addresses
 * is refused if any of them is: the answer is not ours to pick from.
 */
export async function resolveCallbackTarget(
  url: URL,
  options: { allowPrivate: boolean; resolve: HostResolver },
): Promise<TargetCheck> {
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  let addresses: ResolvedAddress[];
  const literal = factsOf(host).family;
  if (literal) {
    addresses = [{ address: host, family: literal }];
  } else {
    try {
      addresses = await options.resolve(host);
    } catch (error) {
      const code = (error as { code?: string }).code;
      return { ok: false, error: `${DELIVERY_ERROR_TEXT.dnsFailed}${host}${code ? ` (${code})` : ''}` };
    }
    if (addresses.length === 0)
      return { ok: false, error: `${DELIVERY_ERROR_TEXT.dnsFailed}${host} (no address)` };
  }
  for (const { address } of addresses) {
    const refusal = refusalOf(address, options.allowPrivate);
    if (refusal) {
      const named = address === host ? address : `${host} resolves to ${address}`;
      return { ok: false, error: `${DELIVERY_ERROR_TEXT.addressRefused}${named}, ${refusal}` };
    }
  }
  return { ok: true, address: addresses[0] as ResolvedAddress };
}

/**
 * The host of a callback URL that can be told unreachable from its text alone, or null: an IP
 * literal the guard refuses, or `localhost` (and names under it). Checked when the merchant saves
 * the URL, so a typo'd local address is said at once instead of failing every delivery; a name
 * that resolves to such an address is still refused only when a callback is sent (its DNS
 * answer may change).
 */
export function localCallbackHost(target: string, allowPrivate: boolean): string | null {
  let url: URL;
  try {
    url = new URL(target);
  } catch {
    return null;
  }
  const host = url.hostname.replace(/^\[(.*)\]$/, '$1');
  if (factsOf(host).family) return refusalOf(host, allowPrivate) ? host : null;
  const name = host.toLowerCase().replace(/\.$/, '');
  if (!allowPrivate && (name === 'localhost' || name.endsWith('.localhost'))) return host;
  return null;
}
