import { ErrorCode, type Language, type registerResult } from '@tollgate/contracts';
import type { z } from 'zod';
import { AppError } from '../../lib/app-error';
import { hashPassword } from '../../lib/passwords';
import type { ServiceDeps } from '../../types';
import { checkEmailCode, consumeEmailCode, issueEmailCode } from '../codes/email-code.service';
import { findMerchantByEmail, insertMerchant } from '../merchant/merchant.repository';

/**
 * Registration: mail a code, check it, create the account with it. An email that already has
 * an account answers 1105 at every step (registering reveals it anyway). The account is
 * created in the request's language with no balances (every currency reads as zero).
 */
type RegisterResult = z.infer<typeof registerResult>;

async function refuseTaken(deps: ServiceDeps, email: string): Promise<void> {
  if (await findMerchantByEmail(deps.db, email)) throw new AppError(ErrorCode.EMAIL_TAKEN);
}

export async function sendRegisterCode(
  deps: ServiceDeps,
  input: { email: string; ip: string; lang: Language },
) {
  await refuseTaken(deps, input.email);
  await issueEmailCode(deps, { email: input.email, purpose: 'register', ip: input.ip, mailIn: input.lang });
  return null;
}

export async function verifyRegisterCode(deps: ServiceDeps, input: { email: string; code: string }) {
  await refuseTaken(deps, input.email);
  await checkEmailCode(deps, { email: input.email, purpose: 'register', code: input.code });
  return null;
}

export async function registerByEmail(
  deps: ServiceDeps,
  input: { email: string; code: string; password: string; lang: Language },
): Promise<RegisterResult> {
  await refuseTaken(deps, input.email);
  const codeId = await checkEmailCode(deps, { email: input.email, purpose: 'register', code: input.code });
  const passwordHash = await hashPassword(input.password);
  const createdAt = deps.now();
  return deps.db.transaction(async (tx) => {
    // The insert first: under a race for one email the loser waits on the unique index, then
    // gets 1105 and its transaction (with the code) rolls back.
    const merchant = await insertMerchant(tx, {
      email: input.email,
      passwordHash,
      lang: input.lang,
      createdAt,
    });
    if (!merchant) throw new AppError(ErrorCode.EMAIL_TAKEN);
    await consumeEmailCode(tx, codeId, createdAt);
    return { merchantId: String(merchant.id), email: merchant.email };
  });
}
