import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Secrets at rest (Google Authenticator secrets now; application secrets and wallet keys
 * next): AES-256-GCM under the key of lib/secret-key.ts. A sealed value is text for a text
 * column: `v1:` + base64(iv 12 bytes | tag 16 bytes | ciphertext). The version prefix tells a
 * sealed value from a plain one (the base32 secrets stored before never contain ':') and
 * leaves room for another key or cipher later. The AAD names where the value lives (say
 * `merchant:100001:google_secret`): a sealed value copied to another row or column no longer
 * opens, so a database writer cannot move one merchant's secret to another account.
 */
export interface SecretBox {
  seal(plain: string, aad?: string): string;
  /** Throws SecretBoxError on a tampered value, another key or another AAD. */
  open(sealed: string, aad?: string): string;
  /**
   * A 32-byte key of its own for one purpose (HKDF-SHA256 of the box's key, `purpose` as info),
   * e.g. to sign upload policies: the same on every node, never the sealing key itself.
   */
  deriveKey(purpose: string): Buffer;
}

export const SEALED_PREFIX = 'v1:';
const IV_BYTES = 12;
const TAG_BYTES = 16;

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}

export function isSealed(value: string): boolean {
  return value.startsWith(SEALED_PREFIX);
}

export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== 32) throw new RangeError('a secret box needs a 32-byte key');
  const secretKey = Buffer.from(key);
  return {
    seal(plain, aad = '') {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', secretKey, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(aad, 'utf8'));
      const ciphertext = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return SEALED_PREFIX + Buffer.concat([iv, cipher.getAuthTag(), ciphertext]).toString('base64');
    },
    open(sealed, aad = '') {
      if (!isSealed(sealed)) throw new SecretBoxError('not a sealed value');
      const bytes = Buffer.from(sealed.slice(SEALED_PREFIX.length), 'base64');
      if (bytes.length < IV_BYTES + TAG_BYTES) throw new SecretBoxError('sealed value too short');
      const decipher = createDecipheriv('aes-256-gcm', secretKey, bytes.subarray(0, IV_BYTES), {
        authTagLength: TAG_BYTES,
      });
      decipher.setAAD(Buffer.from(aad, 'utf8'));
      decipher.setAuthTag(bytes.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
      try {
        const plain = Buffer.concat([
          decipher.update(bytes.subarray(IV_BYTES + TAG_BYTES)),
          decipher.final(),
        ]);
        return plain.toString('utf8');
      } catch {
        throw new SecretBoxError('sealed value does not open: tampered, another key or another place');
      }
    },
    deriveKey(purpose) {
      return Buffer.from(hkdfSync('sha256', secretKey, Buffer.alloc(0), `tollgate:${purpose}`, 32));
    },
  };
}
