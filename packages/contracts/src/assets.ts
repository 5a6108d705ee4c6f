import { z } from 'zod';
import { decimalString, orderAmount } from './money-schema';
import { FILTER_TEXT_MAX } from './records-limits';
import { requiredString } from './validation';

/**
 * Assets (issue 8): the merchant's own deposit addresses, the devnet's simulated deposit, and
 * the deposit and withdrawal records (POST /merchant/account/transaction-record). Filters left
 * empty ('' or null, as a reset form sends them) mean "any".
 */
const coinNameField = requiredString('validation.asset.coinRequired')
  .trim()
  .min(1, { message: 'validation.asset.coinRequired' })
  .max(16, { message: 'validation.collection.currency' })
  .describe('A coinName, e.g. USDT');
const chainIdField = requiredString('validation.asset.chainRequired')
  .trim()
  .min(1, { message: 'validation.asset.chainRequired' })
  .max(16, { message: 'validation.collection.network' })
  .describe('A chainId, e.g. TRON');

export const depositBody = z.object({ coinName: coinNameField, chainId: chainIdField });
export type DepositBody = z.input<typeof depositBody>;

export const depositAddress = z.object({
  address: z.string().describe("The merchant's own deposit address on this chain: stable, one per chain"),
  chainId: z.string(),
  coinName: z.string(),
  minDepositAmount: decimalString.describe('Less than this is recorded as below minimum and not credited'),
  confirmations: z.number().int().describe('Confirmations a deposit needs before it is credited'),
});
export type DepositAddress = z.infer<typeof depositAddress>;

const positiveAmount = requiredString('validation.asset.amountRequired')
  .trim()
  .min(1, { message: 'validation.asset.amountRequired' })
  .pipe(orderAmount);

export const testDepositBody = z.object({
  coinName: coinNameField,
  chainId: chainIdField,
  amount: positiveAmount.describe('What the simulated wallet sends (below the minimum to try that case)'),
});
export type TestDepositBody = z.input<typeof testDepositBody>;

export const testDepositResult = z.object({
  txHash: z.string().describe('The simulated transaction, waiting for the next devnet block'),
  address: z.string(),
  chainId: z.string(),
  coinName: z.string(),
  amount: decimalString,
});
export type TestDepositResult = z.infer<typeof testDepositResult>;

/** A deposit: seen and confirming, credited, or recorded below the minimum and never credited. */
export const DEPOSIT_STATUS_VALUES = ['confirming', 'completed', 'below_minimum'] as const;
export type DepositStatus = (typeof DEPOSIT_STATUS_VALUES)[number];

/** SPEC 4's withdrawal statuses: pending_review → processing → completed | failed, pending_review → rejected. */
export const WITHDRAWAL_STATUS_VALUES = [
  'pending_review',
  'processing',
  'completed',
  'failed',
  'rejected',
] as const;
export type WithdrawalStatus = (typeof WITHDRAWAL_STATUS_VALUES)[number];

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());
const time = z.iso.datetime({ offset: true, message: 'validation.records.time' });
const text = (max: number) =>
  z.string({ error: 'validation.invalidType' }).trim().max(max, { message: 'validation.tooLong' });

export const transactionRecordBody = z.object({
  type: z.enum(['deposit', 'withdrawal'], { error: 'validation.asset.recordType' }),
  pageNo: z
    .number({ error: 'validation.records.pageNo' })
    .int({ message: 'validation.records.pageNo' })
    .min(1, { message: 'validation.records.pageNo' })
    .max(1_000_000, { message: 'validation.records.pageNo' })
    .default(1),
  pageSize: z
    .number({ error: 'validation.records.pageSize' })
    .int({ message: 'validation.records.pageSize' })
    .min(1, { message: 'validation.records.pageSize' })
    .max(100, { message: 'validation.records.pageSize' })
    .default(10),
  coinName: optional(text(16)),
  status: optional(
    z.enum([...DEPOSIT_STATUS_VALUES, ...WITHDRAWAL_STATUS_VALUES], { error: 'validation.asset.status' }),
  ).describe(
    `Deposits: ${DEPOSIT_STATUS_VALUES.join(', ')}; withdrawals: ${WITHDRAWAL_STATUS_VALUES.join(', ')}`,
  ),
  timeFrom: optional(time).describe('From (inclusive)'),
  timeTo: optional(time).describe('To (exclusive)'),
  hash: optional(text(FILTER_TEXT_MAX.hash)).describe('Transaction hash (exact)'),
});
export type TransactionRecordBody = z.input<typeof transactionRecordBody>;

export const transactionRecord = z.object({
  id: z.string().describe('The deposit or withdrawal number'),
  type: z.enum(['deposit', 'withdrawal']),
  coinName: z.string(),
  chainId: z.string(),
  address: z.string().describe('Deposits: the merchant deposit address; withdrawals: the destination'),
  fromAddress: z.string().nullable().describe('Deposits: the sending address'),
  amount: decimalString.describe('Deposits: what arrived; withdrawals: what the destination receives'),
  fee: decimalString,
  txHash: z.string().nullable(),
  status: z.enum([...DEPOSIT_STATUS_VALUES, ...WITHDRAWAL_STATUS_VALUES]),
  /** Deposits: confirmations now; withdrawals: of the outgoing transfer once sent. */
  confirmations: z.number().int(),
  confirmationsRequired: z.number().int(),
  reason: z.string().nullable().describe('Why a withdrawal was rejected or failed'),
  withdrawalSource: z
    .enum(['single', 'batch', 'api'])
    .nullable()
    .describe(
      'Withdrawals: made one by one on the asset page (single), from a spreadsheet (batch), or for a payout order (api); null for deposits',
    ),
  payoutOrderNo: z
    .string()
    .nullable()
    .describe(
      "Withdrawals made for a payout order (through the signed API, one by one or in a batch): that order's platform number; null for a withdrawal made on the asset page, and for deposits",
    ),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type TransactionRecord = z.infer<typeof transactionRecord>;

export const transactionRecordPage = z.object({
  list: z.array(transactionRecord),
  total: z.number().int(),
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type TransactionRecordPage = z.infer<typeof transactionRecordPage>;

const googleCodeField = requiredString('validation.codeRequired')
  .trim()
  .regex(/^\d{6}$/, { message: 'validation.codeRequired' })
  .describe('The current Google Authenticator code (6 digits)');

const addressField = requiredString('validation.asset.addressRequired')
  .trim()
  .min(1, { message: 'validation.asset.addressRequired' })
  .max(128, { message: 'validation.asset.address' })
  .describe('The destination address on the chain');

export const withdrawalBody = z.object({
  coinName: coinNameField,
  chainId: chainIdField,
  address: addressField,
  amount: positiveAmount.describe('What the destination receives; the fee comes on top'),
  googleCode: googleCodeField,
});
export type WithdrawalBody = z.input<typeof withdrawalBody>;

/** A withdrawal as the merchant sees it (the response, and each withdrawal record). */
export const withdrawalObject = z.object({
  withdrawalNo: z.string(),
  coinName: z.string(),
  chainId: z.string(),
  address: z.string(),
  amount: decimalString.describe('What the destination receives'),
  fee: decimalString.describe("The rate table's payout fee"),
  total: decimalString.describe('amount + fee: what leaves the balance'),
  status: z.enum(WITHDRAWAL_STATUS_VALUES),
  txHash: z.string().nullable(),
  reason: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type WithdrawalObject = z.infer<typeof withdrawalObject>;

export const withdrawalResult = z.object({ withdrawal: withdrawalObject });
