import { ErrorCode, type Language } from '@tollgate/contracts';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import type { ServiceDeps } from '../../types';
import { clearLoginFailures } from '../auth/login-throttle';
import { revokeMerchantSessions } from '../auth/session.repository';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from '../codes/email-code.service';
import { enqueueMail } from '../mail/mail.job';
import { findMerchantByEmail, lockWithdrawals, setMerchantPassword } from '../merchant/merchant.repository';
import { languageOf } from '../merchant/merchant.service';

/**
 * Forgot password: mail a code, check it, set the new password with it. An unknown email
 * gets the same answers as a known one and nothing is mailed. Setting the password revokes
 * every session and lifts the account's login lockouts: whoever holds the mailbox is the owner.
 * Mails go out in the merchant's language (the one they last logged in with).
 */
export async function sendResetCode(deps: ServiceDeps, input: { email: string; ip: string; lang: Language }) {
  const merchant = await findMerchantByEmail(deps.db, input.email);
  await issueEmailCode(deps, {
    email: input.email,
    purpose: 'reset',
    ip: input.ip,
    mailIn: merchant ? languageOf(merchant) : null,
  });
  return null;
}

export async function verifyResetCode(deps: ServiceDeps, input: { email: string; code: string }) {
  await checkEmailCode(deps, { email: input.email, purpose: 'reset', code: input.code });
  return null;
}

export async function resetPassword(
  deps: ServiceDeps,
  input: { email: string; code: string; password: string; lang: Language },
): Promise<null> {
  const { db, now, jobs } = deps;
  const codeId = await checkEmailCode(deps, { email: input.email, purpose: 'reset', code: input.code });
  // A right code for an address without an account cannot happen (none was ever mailed);
  // answer as for a wrong one all the same.
  const merchant = await findMerchantByEmail(db, input.email);
  if (!merchant) throw new AppError(ErrorCode.CODE_INVALID);
  const passwordHash = await hashPassword(input.password);
  const at = now();
  await db.transaction(async (tx) => {
    await consumeEmailCode(tx, codeId, at);
    await setMerchantPassword(tx, merchant.id, passwordHash);
    await lockWithdrawals(tx, merchant.id, at);
    await revokeMerchantSessions(tx, merchant.id, at);
    await clearLoginFailures(tx, `merchant:${merchant.id}`);
    const content = { template: 'passwordChanged' as const, email: merchant.email, at: at.toISOString() };
    await enqueueMail(tx, { to: merchant.email, lang: languageOf(merchant), content }, at);
  });
  jobs.wake();
  return null;
}
