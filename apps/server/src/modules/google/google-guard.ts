import { ErrorCode } from '@tollgate/contracts';
import { AppError } from '../../lib/app-error';

/**
 * For actions that need Google Authenticator bound first (SPEC section 5: viewing an app
 * secret, withdrawals): call before doing anything, answer 1201 when it is not. Returns the
 * stored (sealed) secret; google.service opens it to check a code.
 */
export function requireGoogleBound(merchant: { googleState: boolean; googleSecret: string | null }): string {
  if (!merchant.googleState || !merchant.googleSecret) throw new AppError(ErrorCode.GOOGLE_NOT_BOUND);
  return merchant.googleSecret;
}
