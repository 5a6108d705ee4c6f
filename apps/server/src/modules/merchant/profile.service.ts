import { ErrorCode, type Language, type MerchantProfile, type SetPhoneBody } from '@tollgate/contracts';
import { AppError, fieldError } from '../../lib/app-error';
import type { ServiceDeps } from '../../types';
import { listRecentLogins } from '../auth/login-record.repository';
import { describeLocation } from './ip-location';
import { findMerchantById, setMerchantPhone } from './merchant.repository';
import { passwordMatches } from './merchant.service';
import { isKnownDialCode, normalizePhone } from './phone-number';

/** The merchant info page: the profile with the last ten logins, and setting the phone. */
export const LOGIN_HISTORY_SHOWN = 10;

export async function getMerchantProfile(
  { db }: Pick<ServiceDeps, 'db'>,
  merchantId: number,
  lang: Language,
): Promise<MerchantProfile> {
  const merchant = await findMerchantById(db, merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  const logins = await listRecentLogins(db, merchantId, LOGIN_HISTORY_SHOWN);
  return {
    merchantId: String(merchant.id),
    loginAccount: merchant.email,
    createdAt: merchant.createdAt.toISOString(),
    phone: merchant.phone,
    countryCode: merchant.countryCode,
    googleState: merchant.googleState,
    hasPassword: merchant.passwordHash !== null,
    loginRecords: await Promise.all(
      logins.map(async (login) => ({
        time: login.createdAt.toISOString(),
        location: await describeLocation(login.ip, lang),
        ip: login.ip,
      })),
    ),
  };
}

/** The password confirms it (1113); the number must exist in that country; one account per number (1106). */
export async function setPhone(
  { db }: Pick<ServiceDeps, 'db'>,
  merchantId: number,
  body: SetPhoneBody,
): Promise<null> {
  const merchant = await findMerchantById(db, merchantId);
  if (!merchant) throw new AppError(ErrorCode.UNAUTHORIZED);
  if (!isKnownDialCode(body.countryCode)) throw fieldError('countryCode', 'validation.countryCodeRequired');
  const phone = normalizePhone(body.countryCode, body.phone);
  if (!phone.isValid) throw fieldError('phone', 'validation.phoneInvalid');
  if (!(await passwordMatches(merchant, body.password))) throw new AppError(ErrorCode.PASSWORD_WRONG);
  if (!(await setMerchantPhone(db, merchantId, body.countryCode, phone.national))) {
    throw new AppError(ErrorCode.PHONE_TAKEN);
  }
  return null;
}
