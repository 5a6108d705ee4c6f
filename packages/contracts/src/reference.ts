import { z } from 'zod';
import { decimalString } from './money-schema';

/** Reference data: chains, coins per chain and exchange rates (seeded by migration). */
export const chain = z.object({
  chainId: z.string().describe('Stable code, e.g. TRON'),
  chainName: z.string(),
  nativeCoin: z.string(),
  icon: z.string(),
  sort: z.number().int(),
});
export type Chain = z.infer<typeof chain>;

/** One currency on one chain. Entries are grouped by `coinName` into their units (networks). */
export const coin = z.object({
  coinId: z.number().int(),
  coinName: z.string().describe('The currency, e.g. USDT'),
  coinUnit: z.string().describe('The currency on one network, e.g. USDT-TRC20'),
  chainId: z.string(),
  chainName: z.string(),
  isNative: z.boolean(),
  contractAddress: z.string().nullable(),
  decimals: z.number().int(),
  icon: z.string(),
  minDepositAmount: decimalString,
  minWithdrawalAmount: decimalString,
  maxWithdrawalAmount: decimalString,
});
export type Coin = z.infer<typeof coin>;

export const exchangeRate = z.object({
  coinName: z.string(),
  quote: z.literal('USDT'),
  rate: decimalString.describe('Price of one unit in USDT'),
  updatedAt: z.string(),
});
export type ExchangeRate = z.infer<typeof exchangeRate>;
