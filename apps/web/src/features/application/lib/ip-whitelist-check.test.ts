import { describe, expect, it } from 'vitest';
import { checkIpWhitelist } from './ip-whitelist-check';

describe('checkIpWhitelist (browser side)', () => {
  it('accepts IPv4, IPv6 and CIDR entries, blanks and spaces', () => {
    expect(checkIpWhitelist('')).toEqual([]);
    expect(
      checkIpWhitelist(' 203.0.113.9 , 10.0.0.0/8,2001:db8::1, ::ffff:1.2.3.4, ::/0, 2001:DB8::/32,'),
    ).toEqual([]);
  });

  it('names each bad entry as the server does', () => {
    expect(
      checkIpWhitelist(
        '1.2.3.4, 256.1.1.1, 01.2.3.4, 1.2.3, example.com, 10.0.0.0/33, ::1/129, 1.2.3.4/, 10.0.0.0/08, 1::2::3',
      ),
    ).toEqual([
      { entry: '256.1.1.1', reason: 'invalid_address' },
      { entry: '01.2.3.4', reason: 'invalid_address' },
      { entry: '1.2.3', reason: 'invalid_address' },
      { entry: 'example.com', reason: 'invalid_address' },
      { entry: '10.0.0.0/33', reason: 'invalid_prefix' },
      { entry: '::1/129', reason: 'invalid_prefix' },
      { entry: '1.2.3.4/', reason: 'invalid_prefix' },
      { entry: '10.0.0.0/08', reason: 'invalid_prefix' },
      { entry: '1::2::3', reason: 'invalid_address' },
    ]);
  });

  it('refuses more than 50 distinct entries', () => {
    const many = Array.from({ length: 51 }, (_, i) => `10.0.${i}.1`);
    expect(checkIpWhitelist(many.join(','))).toEqual([{ entry: '10.0.50.1', reason: 'too_many' }]);
    expect(checkIpWhitelist([...many.slice(0, 50), ...many.slice(0, 50)].join(','))).toEqual([]);
  });
});
