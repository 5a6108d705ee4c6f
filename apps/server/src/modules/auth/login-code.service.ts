import type { ServiceDeps } from '../../types';
import { issueEmailCode } from '../codes/email-code.service';
import { findMerchantByEmail } from '../merchant/merchant.repository';
import { languageOf } from '../merchant/merchant.service';

/**
 * POST /front/login/sendEmailCode. The same rule as the reset code: an address without an
 * account gets the same answer and the same limits, and a code is stored but never mailed,
 * so nothing tells whether the account exists. A real account's code goes out in its language.
 */
export async function sendLoginCode(deps: ServiceDeps, input: { email: string; ip: string }): Promise<null> {
  const merchant = await findMerchantByEmail(deps.db, input.email);
  await issueEmailCode(deps, {
    email: input.email,
    purpose: 'login',
    ip: input.ip,
    mailIn: merchant ? languageOf(merchant) : null,
  });
  return null;
}
