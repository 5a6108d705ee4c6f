import { ErrorCode, type GoogleBindBody, type GoogleCheckResult } from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { SecretBox } from '../../lib/secret-box';
import type { ServiceDeps } from '../../types';
import { enqueueMail } from '../mail/mail.job';
import { findMerchantById, lockWithdrawals, type MerchantRow } from '../merchant/merchant.repository';
import { languageOf, passwordMatches } from '../merchant/merchant.service';
import * as google from './google.repository';
import { requireGoogleBound } from './google-guard';
import { openGoogleSecret, sealGoogleSecret } from './google-secrets';
import { generateTotpSecret, matchTotpStep, otpauthUrl } from './totp';

/**
 * Binding Google Authenticator: /google/check offers a pending secret, /google/send binds it
 * with the password and a current code, /google/remove unbinds with both. Every accepted
 * code moves google_last_step forward, so no code works twice.
 */
async function loadMerchant(db: Executor, merchantId: number): Promise<MerchantRow> {
  const merchant = await findMerchantById(db, merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  return merchant;
}

export async function getGoogleCheck(
  { db, secrets }: ServiceDeps,
  merchantId: number,
): Promise<GoogleCheckResult> {
  let merchant = await loadMerchant(db, merchantId);
  if (merchant.googleState) return { isBindGoogle: true, secret: null, otpauthUrl: null };
  if (!merchant.googlePendingSecret) {
    // Conditional: two first visits at once end up showing the same secret.
    const offered = sealGoogleSecret(secrets, merchantId, 'google_pending_secret', generateTotpSecret());
    await google.offerPendingSecret(db, merchantId, offered);
    merchant = await loadMerchant(db, merchantId);
  }
  const sealed = merchant.googlePendingSecret;
  if (!sealed) throw new AppError(ErrorCode.GOOGLE_ALREADY_BOUND);
  const secret = openGoogleSecret(secrets, merchantId, 'google_pending_secret', sealed);
  return { isBindGoogle: false, secret, otpauthUrl: otpauthUrl(secret, merchant.email) };
}

/**
 * 1203 with its own message for a right code whose 30 s window was already used (a replay, the
 * loser of two requests racing with one code, or a code older than the last one used): the
 * user typed nothing wrong and only has to wait for the next code.
 */
function googleCodeReused(): AppError {
  return new AppError(ErrorCode.GOOGLE_CODE_INVALID, { variant: 'googleCodeReused' });
}

/** A code of the bound secret, accepted once: wrong or stale → 1203, already used → 1203 (reused). */
export async function acceptGoogleCode(
  { db, secrets }: { db: Executor; secrets: SecretBox },
  merchant: MerchantRow,
  code: string,
  at: Date,
) {
  const secret = openGoogleSecret(secrets, merchant.id, 'google_secret', requireGoogleBound(merchant));
  const step = matchTotpStep(secret, code, at);
  if (step === null) throw new AppError(ErrorCode.GOOGLE_CODE_INVALID);
  if (!(await google.acceptStep(db, merchant.id, step))) throw googleCodeReused();
}

export async function bindGoogle(deps: ServiceDeps, merchantId: number, body: GoogleBindBody): Promise<null> {
  const { db, now, jobs, secrets } = deps;
  const merchant = await loadMerchant(db, merchantId);
  if (merchant.googleState) throw new AppError(ErrorCode.GOOGLE_ALREADY_BOUND);
  if (!(await passwordMatches(merchant, body.password))) throw new AppError(ErrorCode.PASSWORD_WRONG);
  const pending = merchant.googlePendingSecret;
  const secret = pending ? openGoogleSecret(secrets, merchantId, 'google_pending_secret', pending) : null;
  const at = now();
  const step = secret ? matchTotpStep(secret, body.code, at) : null;
  if (!pending || !secret || step === null) throw new AppError(ErrorCode.GOOGLE_CODE_INVALID);
  // Sealed again for its new place: the offered secret's sealed value would not open there.
  const bound = sealGoogleSecret(secrets, merchantId, 'google_secret', secret);
  await db.transaction(async (tx) => {
    // Only a request racing with the same code can have moved the row on since it was read.
    if (!(await google.bindPendingSecret(tx, merchantId, { pending, bound }, step))) throw googleCodeReused();
    // The first bind of an account opens nothing to an attacker; a bind after an unbind may.
    if (merchant.googleUnboundAt) await lockWithdrawals(tx, merchantId, at);
    const content = { template: 'googleBound' as const, email: merchant.email, at: at.toISOString() };
    await enqueueMail(tx, { to: merchant.email, lang: languageOf(merchant), content }, at);
  });
  jobs.wake();
  return null;
}

export async function unbindGoogle(
  deps: ServiceDeps,
  merchantId: number,
  body: GoogleBindBody,
): Promise<null> {
  const { db, now, jobs } = deps;
  const merchant = await loadMerchant(db, merchantId);
  requireGoogleBound(merchant);
  if (!(await passwordMatches(merchant, body.password))) throw new AppError(ErrorCode.PASSWORD_WRONG);
  const at = now();
  await db.transaction(async (tx) => {
    await acceptGoogleCode({ db: tx, secrets: deps.secrets }, merchant, body.code, at);
    if (!(await google.unbindSecret(tx, merchantId))) throw new AppError(ErrorCode.GOOGLE_NOT_BOUND);
    await lockWithdrawals(tx, merchantId, at, { unbound: true });
    const content = { template: 'googleUnbound' as const, email: merchant.email, at: at.toISOString() };
    await enqueueMail(tx, { to: merchant.email, lang: languageOf(merchant), content }, at);
  });
  jobs.wake();
  return null;
}
