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
