import { describe, expect, it } from 'vitest';
import { generateToken, hashToken, SESSION_TTL_MS } from './tokens';

describe('tokens', () => {
  it('are 32 random bytes in base64url', () => {
    const token = generateToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateToken()).not.toBe(token);
  });

  it('are stored as their sha256 in hex', () => {
    // sha256("abc"), the FIPS 180-2 test vector.
    expect(hashToken('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
  });

  it('live 30 days', () => {
    expect(SESSION_TTL_MS).toBe(2_592_000_000);
  });
});
