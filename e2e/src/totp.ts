import { createHmac } from 'node:crypto';

/**
 * RFC 6238 TOTP (SHA-1, 30-second steps, 6 digits), as Google Authenticator computes it, so a
 * flow can answer the Google step from the secret the page shows. The server accepts one step
 * of drift either way and each step once per account: `GoogleCodes` hands out a fresh step
 * every time, using the next one early (it is within the drift) and waiting only when even
 * that has been used.
 */
export const STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function decodeBase32(secret: string): Buffer {
  const clean = secret.replace(/[\s=-]/g, '').toUpperCase();
  let bits = 0;
  let value = 0;
  const bytes: number[] = [];
  for (const char of clean) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

/** HOTP (RFC 4226) of one counter value. */
export function hotp(key: Buffer, counter: number): string {
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const digest = createHmac('sha1', key).update(message).digest();
  const offset = (digest[digest.length - 1] ?? 0) & 0x0f;
  const binary = digest.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

export function currentStep(now: number = Date.now()): number {
  return Math.floor(now / 1000 / STEP_SECONDS);
}

export function totp(secret: string, step: number = currentStep()): string {
  return hotp(decodeBase32(secret), step);
}

export class GoogleCodes {
  private lastStep = Number.NEGATIVE_INFINITY;

  constructor(private readonly secret: string) {}

  /**
   * A code for a step never used before and within the server's drift window. `sentAtOnce`: the
   * code reaches the server within a moment (an API call, not a form still to fill in), so the
   * step before the current one is still inside the window when it arrives, as long as the
   * current step has 10 s left: one code more before the first wait.
   */
  async next(options: { sentAtOnce?: boolean } = {}): Promise<string> {
    const now = Date.now();
    const current = currentStep(now);
    const leftMs = (current + 1) * STEP_SECONDS * 1000 - now;
    const earliest = options.sentAtOnce && leftMs >= 10_000 ? current - 1 : current;
    const step = Math.max(this.lastStep + 1, earliest);
    // Usable once the clock is at most one step before it; otherwise wait for that step.
    const usableAt = (step - 1) * STEP_SECONDS * 1000;
    if (Date.now() < usableAt)
      await new Promise((resolve) => setTimeout(resolve, usableAt - Date.now() + 500));
    this.lastStep = step;
    return totp(this.secret, step);
  }
}
