import {
  type AccountInfo,
  type AccountOverview,
  DEFAULT_LANGUAGE,
  isLanguage,
  type Language,
  type MerchantInfo,
} from '@tollgate/contracts';
import type { Executor } from '../../db/client';
import { verifyDummyPassword, verifyPassword } from '../../lib/passwords';
import type { AuthSession } from '../../types';
import { computeAccountInfo, computeAccountOverview } from './account-balance';
import { listBalanceRows } from './balance.repository';
import type { MerchantRow } from './merchant.repository';

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

/**
 * The merchant as the back office shows it; never the password hash or Google secret. The
 * withdrawal pause only while it lasts (`now`), so the pages can say so before a refusal.
 */
export function toMerchantInfo(
  row: Pick<
    MerchantRow,
    'id' | 'email' | 'phone' | 'countryCode' | 'googleState' | 'lang' | 'createdAt' | 'withdrawalLockedUntil'
  >,
  now: Date,
): MerchantInfo {
  const lockedUntil = row.withdrawalLockedUntil;
  return {
    merchantId: String(row.id),
    email: row.email,
    phone: row.phone,
    countryCode: row.countryCode,
    googleState: row.googleState,
    lang: languageOf(row),
    createdAt: row.createdAt.toISOString(),
    withdrawalLockedUntil:
      lockedUntil && lockedUntil.getTime() > now.getTime() ? lockedUntil.toISOString() : null,
  };
}

/** No query of its own: the session's lookup read the merchant already (one query a call). */
export function getMerchantInfo(session: AuthSession, now: Date): MerchantInfo {
  return toMerchantInfo({ id: session.merchantId, ...session.merchant }, now);
}

export async function getAccountInfo(db: Executor, merchantId: number): Promise<AccountInfo> {
  return computeAccountInfo(await listBalanceRows(db, merchantId));
}

export async function getAccountOverview(db: Executor, merchantId: number): Promise<AccountOverview> {
  return computeAccountOverview(await listBalanceRows(db, merchantId));
}
