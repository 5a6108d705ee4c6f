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

/**
 * One row of the rate table (SPEC "Rate table", "Rate row"): what the gateway charges for a
 * currency on a chain. `collectionRate` is the share of each collected amount (0.008 = 0.8 %),
 * `payoutFee` a fixed amount of the currency itself per payout or withdrawal.
 */
export const feeRow = z.object({
  chainId: z.string(),
  chainName: z.string(),
  coinName: z.string(),
  coinUnit: z.string(),
  icon: z.string(),
  collectionRate: decimalString.describe('Share of each collected amount, e.g. 0.008 = 0.8 %'),
  payoutFee: decimalString.describe('Fixed fee per payout, in the currency itself'),
});
export type FeeRow = z.infer<typeof feeRow>;
export const feeInfo = z.object({
  list: z.array(feeRow).describe('Chains in their order, then currencies in seed order'),
});
export type FeeInfo = z.infer<typeof feeInfo>;

/** How this server runs its chains: devnet (simulated payments, test orders) or live. */
export const CHAIN_MODES = ['devnet', 'live'] as const;
export const runtimeConfig = z.object({
  chainMode: z.enum(CHAIN_MODES).describe('devnet: every chain is simulated and payments are test money'),
  chains: z.array(
    z.object({
      chainId: z.string(),
      enabled: z.boolean().describe('Whether orders can be paid on this chain now'),
      confirmations: z.number().int().describe('Confirmations before a payment is credited'),
    }),
  ),
});
export type RuntimeConfig = z.infer<typeof runtimeConfig>;
