import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';

/**
 * Email codes: 6 digits from the CSPRNG, stored as sha256(salt:code) with a random salt per
 * row. (Six digits are few enough that a stolen table could be brute-forced offline; what keeps
 * codes safe is their 10-minute life, single use and 5-try limit, not the hash.)
 */
export function generateCode(): string {
  return String(randomInt(0, 1_000_000)).padStart(6, '0');
}

export function generateSalt(): string {
  return randomBytes(16).toString('hex');
}

export function hashCode(salt: string, code: string): string {
  return createHash('sha256').update(`${salt}:${code}`, 'utf8').digest('hex');
}

export function codeMatches(row: { salt: string; codeHash: string }, code: string): boolean {
  const expected = Buffer.from(row.codeHash, 'hex');
  const actual = Buffer.from(hashCode(row.salt, code), 'hex');
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}
