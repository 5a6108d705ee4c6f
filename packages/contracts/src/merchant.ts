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
