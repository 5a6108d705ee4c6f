import { createHmac, randomBytes } from 'node:crypto';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with HMAC-SHA1, as Google Authenticator does it:
 * 30-second steps, 6 digits, base32 secrets of 20 random bytes. Verification allows one step
 * of clock drift either way and returns the step that matched, so the caller can refuse any
 * step not later than the last one accepted (no replay).
 */
export const TOTP_PERIOD_S = 30;
export const TOTP_DIGITS = 6;
const DRIFT_STEPS = 1;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
  }
  if (bits > 0) out += BASE32[(value << (5 - bits)) & 31];
  return out;
}

export function base32Decode(text: string): Buffer {
  const clean = text.toUpperCase().replace(/[\s=-]/g, '');
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index === -1) throw new RangeError('not base32');
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 255);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function generateTotpSecret(): string {
  return base32Encode(randomBytes(20));
}

/** RFC 4226 section 5.3: HMAC of the 8-byte counter, dynamic truncation, modulo 10^digits. */
export function hotp(key: Buffer, counter: number, digits = TOTP_DIGITS, algorithm = 'sha1'): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

export function totpStep(at: Date): number {
  return Math.floor(at.getTime() / 1000 / TOTP_PERIOD_S);
}

export function totpCode(secret: string, at: Date): string {
  return hotp(base32Decode(secret), totpStep(at));
}

/** The step (current ±1) whose code is `code`, the latest if several match, else null. */
export function matchTotpStep(secret: string, code: string, at: Date): number | null {
  if (!/^\d{6}$/.test(code)) return null;
  const key = base32Decode(secret);
  const now = totpStep(at);
  for (let step = now + DRIFT_STEPS; step >= now - DRIFT_STEPS; step--) {
    if (hotp(key, step) === code) return step;
  }
  return null;
}

/** The key URI authenticator apps read from the QR code; `@` stays readable, as in their spec. */
export function otpauthUrl(secret: string, account: string): string {
  const label = `Tollgate:${encodeURIComponent(account).replace(/%40/g, '@')}`;
  return `otpauth://totp/${label}?secret=${secret}&issuer=Tollgate&algorithm=SHA1&digits=${TOTP_DIGITS}&period=${TOTP_PERIOD_S}`;
}
