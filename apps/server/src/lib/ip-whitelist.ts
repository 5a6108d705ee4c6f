import { BlockList, isIP, SocketAddress } from 'node:net';

/**
 * An application's IP whitelist (SPEC 5): comma-separated IPv4 or IPv6 addresses or CIDR
 * ranges. Owned here, used by the applications module (to check and store what a merchant
 * types) and by the merchant API (to match the caller's address).
 *
 * - Each entry is checked on its own, so an error names the entry at fault.
 * - Normalized: whitespace and empty entries dropped, IPv6 in its canonical lower-case
 *   compressed form, an IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) written as the IPv4
 *   address it stands for, a full-length prefix (`/32`, `/128`) dropped, duplicates dropped.
 *   A range keeps the address as written (`10.0.0.1/8` matches as `10.0.0.0/8` does).
 * - Zone ids (`fe80::1%eth0`) are refused: they name an interface of one host, not a caller.
 */

export const IP_WHITELIST_MAX_ENTRIES = 50;

export type IpWhitelistEntry = {
  version: 4 | 6;
  address: string;
  /** The prefix length; 32 or 128 for a single address. */
  prefix: number;
  /** The normalized text of the entry. */
  text: string;
};

export type IpWhitelistErrorReason = 'invalid_address' | 'invalid_prefix' | 'too_many';

export type IpWhitelistError = { entry: string; reason: IpWhitelistErrorReason };

export type IpWhitelistParse =
  | { ok: true; normalized: string; entries: IpWhitelistEntry[] }
  | { ok: false; errors: IpWhitelistError[] };

/** Checks and normalizes a whitelist as typed; an empty text is an empty (switched off) list. */
export function parseIpWhitelist(text: string): IpWhitelistParse {
  const raw = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  const errors: IpWhitelistError[] = [];
  const entries: IpWhitelistEntry[] = [];
  const seen = new Set<string>();
  for (const item of raw) {
    const parsed = parseEntry(item);
    if ('reason' in parsed) {
      errors.push({ entry: item, reason: parsed.reason });
      continue;
    }
    if (seen.has(parsed.text)) continue;
    seen.add(parsed.text);
    entries.push(parsed);
  }
  if (errors.length > 0) return { ok: false, errors };
  if (entries.length > IP_WHITELIST_MAX_ENTRIES) {
    const first = entries[IP_WHITELIST_MAX_ENTRIES];
    return { ok: false, errors: [{ entry: first?.text ?? '', reason: 'too_many' }] };
  }
  return { ok: true, normalized: entries.map((entry) => entry.text).join(','), entries };
}

function parseEntry(item: string): IpWhitelistEntry | { reason: IpWhitelistErrorReason } {
  const slash = item.indexOf('/');
  const addressText = slash === -1 ? item : item.slice(0, slash);
  const prefixText = slash === -1 ? undefined : item.slice(slash + 1);
  const version = isIP(addressText);
  if (version === 0 || addressText.includes('%')) return { reason: 'invalid_address' };
  const full = version === 4 ? 32 : 128;
  let prefix = full;
  if (prefixText !== undefined) {
    // Plain decimal only: no sign, no leading zero, no netmask form.
    if (!/^(0|[1-9]\d{0,2})$/.test(prefixText)) return { reason: 'invalid_prefix' };
    prefix = Number(prefixText);
    if (prefix > full) return { reason: 'invalid_prefix' };
  }
  if (version === 4) return entry(4, addressText, prefix);
  const canonical = new SocketAddress({ address: addressText, family: 'ipv6' }).address;
  const mapped = mappedIpv4(canonical);
  if (mapped !== null && prefix >= 96) return entry(4, mapped, prefix - 96);
  return entry(6, canonical, prefix);
}

function entry(version: 4 | 6, address: string, prefix: number): IpWhitelistEntry {
  const full = version === 4 ? 32 : 128;
  return { version, address, prefix, text: prefix === full ? address : `${address}/${prefix}` };
}

/** `1.2.3.4` for `::ffff:1.2.3.4` (canonical form), else null. */
function mappedIpv4(canonical: string): string | null {
  const match = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(canonical);
  return match?.[1] ?? null;
}

const blockLists = new WeakMap<readonly IpWhitelistEntry[], BlockList>();

function toBlockList(entries: readonly IpWhitelistEntry[]): BlockList {
  let list = blockLists.get(entries);
  if (list === undefined) {
    list = new BlockList();
    for (const item of entries) {
      list.addSubnet(item.address, item.prefix, item.version === 4 ? 'ipv4' : 'ipv6');
    }
    blockLists.set(entries, list);
  }
  return list;
}

/**
 * Whether a caller's address passes the whitelist. An empty whitelist is switched off and lets
 * every address through (SPEC 5: "once filled, only those IPs"). An IPv4 caller seen by a
 * dual-stack socket as `::ffff:1.2.3.4` matches the IPv4 entries (and an IPv6 range that holds
 * `::ffff:0:0/96`, such as `::/0`, holds every IPv4 address). Anything that is not an IP
 * address does not pass a non-empty list.
 */
export function isIpAllowed(entries: readonly IpWhitelistEntry[], ip: string): boolean {
  if (entries.length === 0) return true;
  const version = isIP(ip);
  if (version === 0 || ip.includes('%')) return false;
  const canonical = version === 6 ? new SocketAddress({ address: ip, family: 'ipv6' }).address : ip;
  const mapped = version === 6 ? mappedIpv4(canonical) : null;
  if (mapped !== null) return toBlockList(entries).check(mapped, 'ipv4');
  return toBlockList(entries).check(canonical, version === 4 ? 'ipv4' : 'ipv6');
}
