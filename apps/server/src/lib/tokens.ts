import { createHash, randomBytes } from 'node:crypto';

/**
 * Session tokens: 32 random bytes (256 bits) in base64url, handed to the client once. Only
 * their sha256 is stored, so a copy of the sessions table cannot be replayed as logins.
 */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** Longer than any token we issue; bounds the work done on junk headers. */
export const TOKEN_MAX_LENGTH = 128;

export function generateToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
