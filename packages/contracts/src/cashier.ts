import { z } from 'zod';
import { LANGUAGES } from './languages';
import { COLLECTION_STATUS_VALUES, ORDER_EXCEPTION_VALUES } from './merchant-api';
import { decimalString, orderAmount, unsignedDecimalString } from './money-schema';
import { commonQuery, requiredString } from './validation';

/**
 * The hosted cashier's public calls (/front/cashier/*, no login): what a customer holding an
 * order's link may see and do. The view carries the order's own data only: never the merchant,
 * the application, the merchant's order number or the callback URL. docs/decisions/
 * 2026-11-23-cashier.md.
 */
const orderNoField = requiredString('validation.required')
  .min(1, { message: 'validation.required' })
  .max(64, { message: 'validation.tooLong' })
  .describe('The platform order number (the last part of the cashier URL /pay/{orderNo})');

export const cashierOrderQuery = commonQuery.extend({ orderNo: orderNoField });

export const cashierNetworkBody = z.strictObject({
  orderNo: orderNoField,
  chainId: requiredString('validation.required')
    .regex(/^[A-Z0-9_]{1,16}$/, { message: 'validation.collection.network' })
    .describe('One of the view\'s `networks`, e.g. "TRON"'),
});

export const cashierSimulateBody = z.strictObject({
  orderNo: orderNoField,
  amount: requiredString('validation.required')
    .pipe(orderAmount)
    .describe('What the simulated customer sends (less or more than due to try underpaid and overpaid)'),
});

export const cashierNetwork = z.object({
  chainId: z.string(),
  chainName: z.string(),
});

/** One transfer that paid the order, as the paid page lists it. */
export const cashierTransfer = z.object({
  txHash: z.string(),
  amount: unsignedDecimalString.describe('What this transfer brought, in the order currency'),
  confirmed: z.boolean().describe('Whether it has the confirmations the chain needs (credited)'),
  explorerUrl: z
    .string()
    .nullable()
    .describe("The transaction on the chain's public explorer; null for devnet's simulated money"),
});
export type CashierTransfer = z.infer<typeof cashierTransfer>;

/** What the cashier page shows, the same on GET /cashier/order and on each server-sent event. */
export const cashierView = z.object({
  orderNo: z.string(),
  amount: decimalString.describe('What the customer must send, exactly'),
  currency: z.string().describe('A coinName, e.g. USDT'),
  network: z.string().nullable().describe('The chainId; null until the customer picks one'),
  networkName: z.string().nullable().describe("The chosen network's name, e.g. Tron"),
  networks: z
    .array(cashierNetwork)
    .describe('Enabled chains that carry the currency (to pick from while `network` is null)'),
  payAddress: z.string().nullable().describe("The order's own address; null while it has no network"),
  status: z.enum(COLLECTION_STATUS_VALUES),
  exception: z.enum(ORDER_EXCEPTION_VALUES).nullable(),
  paidAmount: decimalString.describe('What arrived so far'),
  remaining: decimalString.describe('amount − paidAmount, never below 0'),
  description: z.string().describe("The merchant's description of the order, possibly empty"),
  txHash: z.string().nullable().describe('The first transfer that paid it (`transfers` lists every one)'),
  transfers: z
    .array(cashierTransfer)
    .describe('Every transfer that paid the order, oldest first (not those of another coin)'),
  expiresAt: z.string(),
  serverTime: z.string().describe("The server's clock, so the page's countdown does not trust the device's"),
  confirmations: z
    .object({ have: z.number().int(), need: z.number().int() })
    .nullable()
    .describe('While confirming: the least-confirmed waiting transfer and what crediting needs'),
  redirectUrl: z
    .string()
    .nullable()
    .describe('Where to send the customer: only once completed, if the merchant gave one'),
  language: z
    .enum(LANGUAGES)
    .nullable()
    .describe(
      "The language the merchant chose for this order; null: none, the page follows the payer's browser",
    ),
  test: z.boolean().describe('A devnet order: simulated money'),
  simulate: z.boolean().describe('Whether POST /cashier/simulate exists for this order (devnet only)'),
});
export type CashierView = z.infer<typeof cashierView>;

export const cashierSimulateResult = z.object({
  txHash: z.string().describe('The simulated transaction, waiting for the next devnet block'),
  amount: decimalString,
});
export type CashierSimulateResult = z.infer<typeof cashierSimulateResult>;

/** Limits of the cashier's public calls, per client IP (per node for the open streams). */
export const CASHIER_LIMITS = {
  /** GET /cashier/order a minute. */
  orderPerMinute: 240,
  /** POST /cashier/network a minute. */
  networkPerMinute: 30,
  /** POST /cashier/simulate a minute. */
  simulatePerMinute: 60,
  /** GET /cashier/events opened a minute. */
  eventsPerMinute: 60,
  /** Event streams open at once. */
  openStreams: 10,
} as const;
