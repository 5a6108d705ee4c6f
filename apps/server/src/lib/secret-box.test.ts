import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createSecretBox, isSealed, SecretBoxError } from './secret-box';

const box = createSecretBox(randomBytes(32));
const AAD = 'merchant:100001:google_secret';

describe('secret box', () => {
  it('seals and opens again, a fresh IV each time, nothing of the plain text showing', () => {
    const secret = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
    const first = box.seal(secret, AAD);
    const second = box.seal(secret, AAD);
    expect(first).toMatch(/^v1:[A-Za-z0-9+/]+=*$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain(secret);
    expect(isSealed(first)).toBe(true);
    expect(isSealed(secret)).toBe(false);
    expect(box.open(first, AAD)).toBe(secret);
    expect(box.open(second, AAD)).toBe(secret);
    expect(box.open(box.seal('', 'x'), 'x')).toBe('');
    expect(box.open(box.seal('密钥 ✓'), '')).toBe('密钥 ✓');
  });

  it('detects any change to a sealed value', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', AAD);
    const bytes = Buffer.from(sealed.slice(3), 'base64');
    // Flip one bit in the IV, in the tag and in the ciphertext in turn.
    for (const at of [0, 12, bytes.length - 1]) {
      const tampered = Buffer.from(bytes);
      tampered[at] = (tampered[at] ?? 0) ^ 1;
      expect(() => box.open(`v1:${tampered.toString('base64')}`, AAD)).toThrow(SecretBoxError);
    }
    expect(() => box.open(`v1:${bytes.subarray(0, 20).toString('base64')}`, AAD)).toThrow(SecretBoxError);
    expect(() => box.open('JBSWY3DPEHPK3PXP', AAD)).toThrow(SecretBoxError);
  });

  it('derives a stable key per purpose, unlike another purpose or another box', () => {
    const key = randomBytes(32);
    const first = createSecretBox(key).deriveKey('upload-policy');
    expect(first).toHaveLength(32);
    expect(createSecretBox(key).deriveKey('upload-policy')).toEqual(first);
    expect(createSecretBox(key).deriveKey('other')).not.toEqual(first);
    expect(createSecretBox(randomBytes(32)).deriveKey('upload-policy')).not.toEqual(first);
    expect(first).not.toEqual(key);
  });

  it('does not open under another key', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', AAD);
    expect(() => createSecretBox(randomBytes(32)).open(sealed, AAD)).toThrow(SecretBoxError);
  });

  it('does not open in another place (AAD): a value moved to another row stays shut', () => {
    const sealed = box.seal('JBSWY3DPEHPK3PXP', AAD);
    expect(() => box.open(sealed, 'merchant:100002:google_secret')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'merchant:100001:google_pending_secret')).toThrow(SecretBoxError);
    expect(() => box.open(sealed)).toThrow(SecretBoxError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow(RangeError);
  });
});
