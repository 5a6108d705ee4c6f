import { randomBytes, timingSafeEqual } from 'node:crypto';
import type { SecretBox } from '../../lib/secret-box';

/**
 * The APPSECRET: 32 random bytes, shown as 64 lower-case hex characters, stored sealed
 * (lib/secret-box) and bound to its row and version: `applications:<id>:secret:<version>`.
 * A reset bumps the version, so a sealed value from before the reset no longer opens.
 */
export function generateAppSecret(): string {
  return randomBytes(32).toString('hex');
}

export function appSecretPlace(applicationId: number, secretVersion: number): string {
  return `applications:${applicationId}:secret:${secretVersion}`;
}

export function sealAppSecret(
  box: SecretBox,
  applicationId: number,
  secretVersion: number,
  secret: string,
): string {
  return box.seal(secret, appSecretPlace(applicationId, secretVersion));
}

export function openAppSecret(
  box: SecretBox,
  applicationId: number,
  secretVersion: number,
  sealed: string,
): string {
  return box.open(sealed, appSecretPlace(applicationId, secretVersion));
}

/** `abcd…wxyz`: enough to tell secrets apart, nothing to sign with. */
export function maskAppSecret(secret: string): string {
  return `${secret.slice(0, 4)}${'*'.repeat(8)}${secret.slice(-4)}`;
}

/** Constant-time comparison of two hex strings (a signature against the expected one). */
export function hexEquals(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && timingSafeEqual(left, right);
}
