/**
 * The browser's first look at an IP whitelist, so a typo shows before sending: each
 * comma-separated entry must be an IPv4 or IPv6 address, optionally with a CIDR prefix. The
 * server checks it again (lib/ip-whitelist.ts, node:net) and normalizes it; this only spares
 * a round trip, with the same messages.
 */
export const MAX_ENTRIES = 50;

export type EntryProblem = { entry: string; reason: 'invalid_address' | 'invalid_prefix' | 'too_many' };

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

function ipVersion(address: string): 4 | 6 | 0 {
  if (IPV4.test(address)) return 4;
  if (!address.includes(':') || !/^[0-9A-Fa-f:.]+$/.test(address)) return 0;
  // The URL parser knows IPv6 (and its embedded IPv4 tail) exactly; brackets make it a host.
  try {
    return new URL(`http://[${address}]/`).hostname.startsWith('[') ? 6 : 0;
  } catch {
    return 0;
  }
}

export function checkIpWhitelist(text: string): EntryProblem[] {
  const entries = [
    ...new Set(
      text
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean),
    ),
  ];
  const problems: EntryProblem[] = [];
  for (const entry of entries) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = ipVersion(address);
    if (version === 0 || rest.length > 0) {
      problems.push({ entry, reason: version === 0 ? 'invalid_address' : 'invalid_prefix' });
      continue;
    }
    if (
      prefix !== undefined &&
      (!/^(0|[1-9]\d{0,2})$/.test(prefix) || Number(prefix) > (version === 4 ? 32 : 128))
    ) {
      problems.push({ entry, reason: 'invalid_prefix' });
    }
  }
  if (problems.length === 0 && entries.length > MAX_ENTRIES) {
    problems.push({ entry: entries[MAX_ENTRIES] ?? '', reason: 'too_many' });
  }
  return problems;
}
