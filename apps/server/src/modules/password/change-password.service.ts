import { ErrorCode, type UpdatePasswordBody } from '@tollgate/contracts';
import { AppError } from '../../lib/app-error';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { AuthSession, ServiceDeps } from '../../types';
import { revokeMerchantSessions } from '../auth/session.repository';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from '../codes/email-code.service';
import { enqueueMail } from '../mail/mail.job';
import { findMerchantById, lockWithdrawals, setMerchantPassword } from '../merchant/merchant.repository';
import { languageOf } from '../merchant/merchant.service';

/**
 * Changing the password while logged in: a code mailed to the merchant's own address, then
 * the old password (blank only for an account that never had one), the new one twice and the
 * code. Every other session is revoked; the caller's stays. A notice is mailed.
 */
async function loadMerchant(deps: ServiceDeps, session: AuthSession) {
  const merchant = await findMerchantById(deps.db, session.merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  return merchant;
}

export async function sendPasswordChangeCode(deps: ServiceDeps, session: AuthSession, ip: string) {
  const merchant = await loadMerchant(deps, session);
  await issueEmailCode(deps, {
    email: merchant.email,
    purpose: 'change_password',
    ip,
    mailIn: languageOf(merchant),
  });
  return null;
}

export async function updatePassword(
  deps: ServiceDeps,
  session: AuthSession,
  body: UpdatePasswordBody & { oldPassword: string },
): Promise<null> {
  const { db, now, jobs } = deps;
  const merchant = await loadMerchant(deps, session);
  // The schema already refuses a mismatch (1111); kept here as the rule's last line.
  if (body.password !== body.confirmPassword) throw new AppError(ErrorCode.PASSWORD_MISMATCH);
  if (merchant.passwordHash !== null) {
    const isRight =
      body.oldPassword !== '' && (await verifyPassword(merchant.passwordHash, body.oldPassword));
    if (!isRight) throw new AppError(ErrorCode.OLD_PASSWORD_WRONG);
  }
  const codeId = await checkEmailCode(deps, {
    email: merchant.email,
    purpose: 'change_password',
    code: body.code,
  });
  const passwordHash = await hashPassword(body.password);
  const at = now();
  await db.transaction(async (tx) => {
    await consumeEmailCode(tx, codeId, at);
    await setMerchantPassword(tx, merchant.id, passwordHash);
    await lockWithdrawals(tx, merchant.id, at);
    await revokeMerchantSessions(tx, merchant.id, at, session.sessionId);
    const content = { template: 'passwordChanged' as const, email: merchant.email, at: at.toISOString() };
    await enqueueMail(tx, { to: merchant.email, lang: languageOf(merchant), content }, at);
  });
  jobs.wake();
  return null;
}
