import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  generateTotpSecret,
  hotp,
  matchTotpStep,
  otpauthUrl,
  totpCode,
} from './totp';

/** RFC 6238 appendix B (SHA1 rows) and RFC 4226 appendix D: the reference vectors. */
const RFC_KEY = Buffer.from('12345678901234567890', 'ascii');

describe('HOTP (RFC 4226 appendix D)', () => {
  it.each([
    [0, '755224'],
    [1, '287082'],
    [2, '359152'],
    [3, '969429'],
    [9, '520489'],
  ])('counter %i → %s', (counter, code) => {
    expect(hotp(RFC_KEY, counter)).toBe(code);
  });
});

describe('TOTP (RFC 6238 appendix B, SHA1, 8 digits)', () => {
  it.each([
    [59, '94287082'],
    [1111111109, '07081804'],
    [1111111111, '14050471'],
    [1234567890, '89005924'],
    [2000000000, '69279037'],
    [20000000000, '65353130'],
  ])('T = %i s → %s', (seconds, code) => {
    expect(hotp(RFC_KEY, Math.floor(seconds / 30), 8)).toBe(code);
  });
});

describe('base32', () => {
  it('round-trips and matches RFC 4648 vectors', () => {
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
    expect(base32Encode(RFC_KEY)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(() => base32Decode('not base32!')).toThrow(RangeError);
  });

  it('secrets are 20 random bytes (32 characters)', () => {
    const secret = generateTotpSecret();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(base32Decode(secret)).toHaveLength(20);
    expect(generateTotpSecret()).not.toBe(secret);
  });
});

describe('matchTotpStep', () => {
  const secret = 'GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ';
  const at = new Date(1111111111 * 1000);
  const step = Math.floor(1111111111 / 30);

  it('accepts the current step and one either side, returning which', () => {
    expect(matchTotpStep(secret, totpCode(secret, at), at)).toBe(step);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 30_000)), at)).toBe(step - 1);
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() + 30_000)), at)).toBe(step + 1);
    // RFC 6238's 8-digit code at this time ends with the 6-digit one.
    expect(totpCode(secret, at)).toBe('050471');
  });

  it('refuses two steps away and malformed codes', () => {
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() - 60_000)), at)).toBeNull();
    expect(matchTotpStep(secret, totpCode(secret, new Date(at.getTime() + 60_000)), at)).toBeNull();
    expect(matchTotpStep(secret, '12345', at)).toBeNull();
    expect(matchTotpStep(secret, 'abcdef', at)).toBeNull();
  });
});

describe('otpauthUrl', () => {
  it('names the issuer and the account, escaping what a URL cannot hold', () => {
    expect(otpauthUrl('JBSWY3DPEHPK3PXP', 'a+b?c@example.com')).toContain('/Tollgate:a%2Bb%3Fc@example.com?');
    expect(otpauthUrl('JBSWY3DPEHPK3PXP', 'm@example.com')).toBe(
      'otpauth://totp/Tollgate:m@example.com?secret=JBSWY3DPEHPK3PXP&issuer=Tollgate&algorithm=SHA1&digits=6&period=30',
    );
  });
});
