import { ErrorCode, type loginBody } from '@tollgate/contracts';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { verifyDummyPassword } from '../../lib/passwords';
import type { Clock } from '../../types';
import { checkEmailCode } from '../codes/email-code.service';
import { findMerchantByEmail, findMerchantByPhone, type MerchantRow } from '../merchant/merchant.repository';
import { passwordMatches } from '../merchant/merchant.service';
import { normalizePhone } from '../merchant/phone-number';

/**
 * Who a login names and whether its credential is right, before anything else is decided.
 * Unknown accounts go through the same checks (a dummy password hash, a code that was never
 * sent), so they fail with the same answer in about the same time.
 */
export type LoginFields = z.output<typeof loginBody>;

export interface LoginTarget {
  merchant: MerchantRow | undefined;
  /** What failed logins are counted under: the account, else the normalized identifier tried. */
  identifier: string;
}

export async function findLoginTarget(db: Executor, fields: LoginFields): Promise<LoginTarget> {
  if (fields.email !== undefined) {
    const merchant = await findMerchantByEmail(db, fields.email);
    return { merchant, identifier: merchant ? `merchant:${merchant.id}` : `email:${fields.email}` };
  }
  const countryCode = fields.countryCode ?? '';
  const { national } = normalizePhone(countryCode, fields.phone ?? '');
  const merchant = await findMerchantByPhone(db, countryCode, national);
  return { merchant, identifier: merchant ? `merchant:${merchant.id}` : `phone:${countryCode}:${national}` };
}

/**
 * Checks the password or the emailed login code (without using the code up: that waits for
 * the Google step, and the code's try stays taken until the login settles it). Returns the
 * code's row id when a code was used. Wrong: 1101 for a password, 1107/1108/1109 for a code,
 * whether or not the account exists.
 */
export async function verifyCredential(
  deps: { db: Executor; now: Clock },
  merchant: MerchantRow | undefined,
  fields: LoginFields,
): Promise<{ codeId: number | null }> {
  if (fields.password !== undefined) {
    const ok = merchant
      ? await passwordMatches(merchant, fields.password)
      : await verifyDummyPassword(fields.password);
    if (!ok) throw new AppError(ErrorCode.INVALID_CREDENTIALS);
    return { codeId: null };
  }
  // The schema guarantees an email with every code.
  const codeId = await checkEmailCode(
    deps,
    { email: fields.email ?? '', purpose: 'login', code: fields.emailCode ?? '' },
    { holdTry: true },
  );
  if (!merchant) throw new AppError(ErrorCode.CODE_INVALID);
  return { codeId };
}
