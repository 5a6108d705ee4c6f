import { describe, expect, it } from 'vitest';
import { IP_WHITELIST_MAX_ENTRIES, isIpAllowed, parseIpWhitelist } from './ip-whitelist';

function entriesOf(text: string) {
  const parsed = parseIpWhitelist(text);
  if (!parsed.ok) throw new Error(`unexpected errors: ${JSON.stringify(parsed.errors)}`);
  return parsed.entries;
}

describe('parseIpWhitelist', () => {
  it('accepts IPv4, IPv6 and CIDR entries and normalizes them', () => {
    const parsed = parseIpWhitelist(
      ' 1.2.3.4 , 10.0.0.0/8,2001:0DB8:0000::0001 ,2001:db8::/32,, ::FFFF:5.6.7.8, 9.9.9.9/32, 1.2.3.4',
    );
    expect(parsed).toMatchObject({
      ok: true,
      normalized: '1.2.3.4,10.0.0.0/8,2001:db8::1,2001:db8::/32,5.6.7.8,9.9.9.9',
    });
  });

  it('writes an IPv4-mapped range as the IPv4 range it covers', () => {
    expect(parseIpWhitelist('::ffff:10.0.0.0/104')).toMatchObject({ ok: true, normalized: '10.0.0.0/8' });
    expect(parseIpWhitelist('::ffff:0:0/96')).toMatchObject({ ok: true, normalized: '0.0.0.0/0' });
  });

  it('is an empty list for an empty or blank text', () => {
    expect(parseIpWhitelist('')).toEqual({ ok: true, normalized: '', entries: [] });
    expect(parseIpWhitelist(' , ,')).toEqual({ ok: true, normalized: '', entries: [] });
  });

  it('names each bad entry with its reason', () => {
    const parsed = parseIpWhitelist(
      '1.2.3.4, 256.1.1.1, example.com, 01.2.3.4, 1.2.3, 10.0.0.0/33, 10.0.0.0/08, ::1/129, 1.2.3.4/, 1.2.3.4/-1, fe80::1%eth0, 10.0.0.0/255.0.0.0',
    );
    expect(parsed).toEqual({
      ok: false,
      errors: [
        { entry: '256.1.1.1', reason: 'invalid_address' },
        { entry: 'example.com', reason: 'invalid_address' },
        { entry: '01.2.3.4', reason: 'invalid_address' },
        { entry: '1.2.3', reason: 'invalid_address' },
        { entry: '10.0.0.0/33', reason: 'invalid_prefix' },
        { entry: '10.0.0.0/08', reason: 'invalid_prefix' },
        { entry: '::1/129', reason: 'invalid_prefix' },
        { entry: '1.2.3.4/', reason: 'invalid_prefix' },
        { entry: '1.2.3.4/-1', reason: 'invalid_prefix' },
        { entry: 'fe80::1%eth0', reason: 'invalid_address' },
        { entry: '10.0.0.0/255.0.0.0', reason: 'invalid_prefix' },
      ],
    });
  });

  it('refuses more entries than the limit, duplicates not counted', () => {
    const many = Array.from({ length: IP_WHITELIST_MAX_ENTRIES + 1 }, (_, i) => `10.0.${i}.1`);
    expect(parseIpWhitelist(many.join(','))).toEqual({
      ok: false,
      errors: [{ entry: `10.0.${IP_WHITELIST_MAX_ENTRIES}.1`, reason: 'too_many' }],
    });
    const limit = many.slice(0, IP_WHITELIST_MAX_ENTRIES);
    expect(parseIpWhitelist([...limit, ...limit].join(',')).ok).toBe(true);
  });
});

describe('isIpAllowed', () => {
  it('lets every address through an empty list', () => {
    expect(isIpAllowed([], '203.0.113.9')).toBe(true);
    expect(isIpAllowed(entriesOf(''), '2001:db8::1')).toBe(true);
  });

  it('matches single addresses exactly', () => {
    const entries = entriesOf('203.0.113.9, 2001:db8::1');
    expect(isIpAllowed(entries, '203.0.113.9')).toBe(true);
    expect(isIpAllowed(entries, '203.0.113.10')).toBe(false);
    expect(isIpAllowed(entries, '2001:DB8:0:0::1')).toBe(true);
    expect(isIpAllowed(entries, '2001:db8::2')).toBe(false);
  });

  it('matches CIDR ranges at their edges', () => {
    const entries = entriesOf('10.1.0.0/16, 2001:db8:ab00::/40');
    expect(isIpAllowed(entries, '10.1.0.0')).toBe(true);
    expect(isIpAllowed(entries, '10.1.255.255')).toBe(true);
    expect(isIpAllowed(entries, '10.2.0.0')).toBe(false);
    expect(isIpAllowed(entries, '10.0.255.255')).toBe(false);
    expect(isIpAllowed(entries, '2001:db8:abff:ffff::1')).toBe(true);
    expect(isIpAllowed(entries, '2001:db8:ac00::')).toBe(false);
  });

  it('matches a range written with host bits as its network', () => {
    const entries = entriesOf('10.1.2.3/16');
    expect(isIpAllowed(entries, '10.1.200.1')).toBe(true);
    expect(isIpAllowed(entries, '10.2.0.1')).toBe(false);
  });

  it('treats an IPv4-mapped caller as the IPv4 address, in both directions', () => {
    expect(isIpAllowed(entriesOf('203.0.113.9'), '::ffff:203.0.113.9')).toBe(true);
    expect(isIpAllowed(entriesOf('203.0.113.9'), '::ffff:cb00:7109')).toBe(true);
    expect(isIpAllowed(entriesOf('203.0.113.9'), '::ffff:203.0.113.10')).toBe(false);
    expect(isIpAllowed(entriesOf('::ffff:203.0.113.9'), '203.0.113.9')).toBe(true);
    expect(isIpAllowed(entriesOf('10.0.0.0/8'), '::ffff:10.9.8.7')).toBe(true);
  });

  it('keeps IPv4 and IPv6 apart otherwise (::/0 holds the mapped range, so every address)', () => {
    expect(isIpAllowed(entriesOf('0.0.0.0/0'), '2001:db8::1')).toBe(false);
    expect(isIpAllowed(entriesOf('2001:db8::/32'), '203.0.113.9')).toBe(false);
    expect(isIpAllowed(entriesOf('::/0'), '2001:db8::1')).toBe(true);
    expect(isIpAllowed(entriesOf('::/0'), '203.0.113.9')).toBe(true);
  });

  it('refuses what is not an address when the list is on', () => {
    const entries = entriesOf('203.0.113.9');
    for (const ip of ['', 'unknown', '203.0.113.9/32', 'fe80::1%eth0', ' 203.0.113.9']) {
      expect(isIpAllowed(entries, ip)).toBe(false);
    }
  });
});
