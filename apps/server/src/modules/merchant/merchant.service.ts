import {
  type AccountInfo,
  DEFAULT_LANGUAGE,
  ErrorCode,
  isLanguage,
  type Language,
  type MerchantInfo,
} from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import { computeAccountInfo } from './account-balance';
import { listBalanceRows } from './balance.repository';
import { findMerchantById, type MerchantRow } from './merchant.repository';

/** The language the merchant's mails go out in. */
export function languageOf(row: Pick<MerchantRow, 'lang'>): Language {
  return isLanguage(row.lang) ? row.lang : DEFAULT_LANGUAGE;
}

/**
 * The merchant's password check for sensitive changes. An account without a password never
 * matches, and the dummy check keeps the timing the same.
 */
export async function passwordMatches(
  row: Pick<MerchantRow, 'passwordHash'>,
  password: string,
): Promise<boolean> {
  return row.passwordHash ? verifyPassword(row.passwordHash, password) : verifyDummyPassword(password);
}

/** The merchant as the back office shows it; never the password hash or Google secret. */
export function toMerchantInfo(row: MerchantRow): MerchantInfo {
  return {
    merchantId: String(row.id),
    email: row.email,
    phone: row.phone,
    countryCode: row.countryCode,
    googleState: row.googleState,
    lang: languageOf(row),
    createdAt: row.createdAt.toISOString(),
  };
}

export async function getMerchantInfo(db: Executor, merchantId: number): Promise<MerchantInfo> {
  const row = await findMerchantById(db, merchantId);
  // The session outlived its merchant: treat it as no session at all.
  if (!row) throw new AppError(ErrorCode.UNAUTHORIZED);
  return toMerchantInfo(row);
}

export async function getAccountInfo(db: Executor, merchantId: number): Promise<AccountInfo> {
  return computeAccountInfo(await listBalanceRows(db, merchantId));
}
