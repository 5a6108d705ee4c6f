import type { SecretBox } from '../../lib/secret-box';

/**
 * The Google Authenticator secrets are stored sealed (lib/secret-box), each bound to its place:
 * `merchant:<id>:google_secret` or `merchant:<id>:google_pending_secret`. A sealed value copied
 * to another merchant's row, or from the offered secret to the bound one, does not open.
 */
export type GoogleSecretColumn = 'google_secret' | 'google_pending_secret';

export function googleSecretPlace(merchantId: number, column: GoogleSecretColumn): string {
  return `merchant:${merchantId}:${column}`;
}

export function sealGoogleSecret(
  box: SecretBox,
  merchantId: number,
  column: GoogleSecretColumn,
  secret: string,
): string {
  return box.seal(secret, googleSecretPlace(merchantId, column));
}

export function openGoogleSecret(
  box: SecretBox,
  merchantId: number,
  column: GoogleSecretColumn,
  sealed: string,
): string {
  return box.open(sealed, googleSecretPlace(merchantId, column));
}
