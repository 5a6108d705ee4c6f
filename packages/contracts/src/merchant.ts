import { z } from 'zod';
import { LANGUAGES } from './languages';
import { decimalString } from './money-schema';

/** The merchant as the back office sees it (login `userInfo` and GET /merchant/info). */
export const merchantInfo = z.object({
  merchantId: z.string().describe('Merchant ID, shown to the merchant'),
  email: z.string(),
  phone: z.string().nullable(),
  countryCode: z.string().nullable(),
  /** Whether a Google Authenticator is bound (SPEC section 3: userInfo holds googleState). */
  googleState: z.boolean(),
  lang: z.enum(LANGUAGES),
  createdAt: z.string().describe('ISO 8601 registration time'),
  withdrawalLockedUntil: z
    .string()
    .nullable()
    .describe(
      'Withdrawals and payouts are paused until then (24 h after a password change or reset, a Google unbind, or the address whitelist turned off); null when open',
    ),
});
export type MerchantInfo = z.infer<typeof merchantInfo>;

export const loginResult = z.object({
  token: z.string(),
  /** ISO 8601 time the token stops working (30 days after login). */
  expiresAt: z.string(),
  userInfo: merchantInfo,
});
export type LoginResult = z.infer<typeof loginResult>;

/** One currency the merchant holds; `usdtValue` is (available + frozen) × rate to USDT. */
export const userBalance = z.object({
  coinName: z.string(),
  available: decimalString,
  frozen: decimalString,
  rate: decimalString.describe('Exchange rate of one unit to USDT'),
  usdtValue: decimalString,
  icon: z.string(),
});
export type UserBalance = z.infer<typeof userBalance>;

export const accountInfo = z.object({
  totalBalance: decimalString.describe('Sum of every balance, in USDT'),
  userBalanceList: z.array(userBalance),
});
export type AccountInfo = z.infer<typeof accountInfo>;

/** One currency on the asset page: what is free to use, what is held by pending withdrawals, and its worth. */
export const assetEntry = z.object({
  coinName: z.string(),
  icon: z.string(),
  available: decimalString,
  frozen: decimalString,
  usdtValue: decimalString.describe('(available + frozen) × the rate to USDT'),
});
export type AssetEntry = z.infer<typeof assetEntry>;

/** A currency's part of the merchant's assets, by worth in USDT. */
export const assetShare = z.object({
  coinName: z.string(),
  usdtValue: decimalString,
  share: decimalString.describe('usdtValue / totalUsdt, from 0 to 1, 6 decimals'),
});
export type AssetShare = z.infer<typeof assetShare>;

export const accountOverview = z.object({
  totalUsdt: decimalString.describe('Sum of every asset, in USDT'),
  assets: z.array(assetEntry).describe('Every currency the platform carries, held or not, in seed order'),
  distribution: z
    .array(assetShare)
    .describe('The currencies worth more than 0 USDT, largest first; empty when nothing is held'),
});
export type AccountOverview = z.infer<typeof accountOverview>;
