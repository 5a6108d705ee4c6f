import { createHmac, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createUploadPolicy, POLICY_TTL_MS, verifyUploadPolicy } from './upload-policy';

const key = randomBytes(32);
const now = new Date('2026-01-15T08:00:00.000Z');
const later = (ms: number) => new Date(now.getTime() + ms);

function resign(policy: object) {
  const encoded = Buffer.from(JSON.stringify(policy)).toString('base64url');
  return { policy: encoded, signature: createHmac('sha256', key).update(encoded).digest('hex') };
}

describe('upload policy', () => {
  it('verifies what it signed until it expires', () => {
    const { policy, fields } = createUploadPolicy(key, { merchantId: 100001, dir: 'icon', now });
    expect(policy).toMatchObject({
      merchantId: 100001,
      dir: 'icon',
      keyPrefix: 'icon/100001/',
      maxBytes: 2097152,
    });
    expect(verifyUploadPolicy(key, fields, now)).toEqual(policy);
    expect(verifyUploadPolicy(key, fields, later(POLICY_TTL_MS - 1))).toEqual(policy);
    expect(verifyUploadPolicy(key, fields, later(POLICY_TTL_MS))).toBeNull();
  });

  it('refuses another key, an altered policy, a bad or missing signature', () => {
    const { fields } = createUploadPolicy(key, { merchantId: 100001, dir: 'icon', now });
    expect(verifyUploadPolicy(randomBytes(32), fields, now)).toBeNull();
    const decoded = JSON.parse(Buffer.from(fields.policy, 'base64url').toString());
    const altered = Buffer.from(JSON.stringify({ ...decoded, merchantId: 100002 })).toString('base64url');
    expect(verifyUploadPolicy(key, { ...fields, policy: altered }, now)).toBeNull();
    expect(
      verifyUploadPolicy(
        key,
        { ...fields, signature: fields.signature.replace(/^./, (c) => (c === '0' ? '1' : '0')) },
        now,
      ),
    ).toBeNull();
    expect(verifyUploadPolicy(key, { ...fields, signature: fields.signature.toUpperCase() }, now)).toBeNull();
    expect(verifyUploadPolicy(key, { policy: fields.policy }, now)).toBeNull();
    expect(verifyUploadPolicy(key, { signature: fields.signature }, now)).toBeNull();
  });

  it('refuses a signed policy whose content breaks the rules (a leaked key cannot widen them)', () => {
    const base = {
      v: 1,
      merchantId: 100001,
      dir: 'icon',
      keyPrefix: 'icon/100001/',
      maxBytes: 1000,
      expiresAt: later(60_000).getTime(),
    };
    expect(verifyUploadPolicy(key, resign(base), now)).toEqual(base);
    expect(verifyUploadPolicy(key, resign({ ...base, keyPrefix: 'icon/100002/' }), now)).toBeNull();
    expect(verifyUploadPolicy(key, resign({ ...base, keyPrefix: '../' }), now)).toBeNull();
    expect(
      verifyUploadPolicy(key, resign({ ...base, dir: 'avatar', keyPrefix: 'avatar/100001/' }), now),
    ).toBeNull();
    expect(verifyUploadPolicy(key, resign({ ...base, maxBytes: 3 * 1024 * 1024 }), now)).toBeNull();
    expect(
      verifyUploadPolicy(key, { policy: 'bm90IGpzb24', signature: resign({}).signature }, now),
    ).toBeNull();
  });
});
