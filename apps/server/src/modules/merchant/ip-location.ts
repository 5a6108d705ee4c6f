import { BlockList, isIP } from 'node:net';
import { type Language, translateMessage } from '@tollgate/contracts';
import { toLocaleTag } from '../../lib/locale-tags';

/**
 * Where a login came from, offline: geoip-lite carries its database inside the npm package
 * (nothing is downloaded, at install or at run time). It holds the database in memory
 * (~150 MB), so it is loaded on the first lookup, not at start. Private and loopback
 * addresses are "local network"; an address the database does not know is "-".
 */
type GeoIp = typeof import('geoip-lite');
let geoip: Promise<GeoIp> | undefined;

function loadGeoIp(): Promise<GeoIp> {
  geoip ??= import('geoip-lite').then((module) => ('default' in module ? module.default : module) as GeoIp);
  return geoip;
}

const LOCAL = new BlockList();
for (const [net, prefix] of [
  ['10.0.0.0', 8],
  ['172.16.0.0', 12],
  ['192.168.0.0', 16],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['100.64.0.0', 10],
  ['0.0.0.0', 8],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['::', 128],
] as const) {
  LOCAL.addSubnet(net, prefix, 'ipv6');
}

/** `::ffff:10.0.0.1` (an IPv4 client of a dual-stack socket) is 10.0.0.1. */
function plainIp(ip: string): string {
  return ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
}

export function isLocalAddress(ip: string): boolean {
  const address = plainIp(ip);
  const family = isIP(address);
  return family !== 0 && LOCAL.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export async function describeLocation(ip: string, lang: Language): Promise<string> {
  const address = plainIp(ip);
  if (isIP(address) === 0) return '-';
  if (isLocalAddress(address)) return translateMessage(lang, 'labels.localNetwork');
  const found = (await loadGeoIp()).lookup(address);
  if (!found?.country) return '-';
  const country = new Intl.DisplayNames([toLocaleTag(lang)], { type: 'region', fallback: 'code' }).of(
    found.country,
  );
  const place = [found.city, country].filter((part): part is string => Boolean(part));
  // Chinese reads from the larger place to the smaller one.
  return lang.startsWith('zh') ? place.reverse().join(' ') : place.join(', ');
}
