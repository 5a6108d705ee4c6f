import { z } from 'zod';
import { WITHDRAWAL_STATUS_VALUES } from './assets';
import { deliveryLog } from './callbacks';
import { FUND_ACTION_VALUES } from './fund-action';
import { LANGUAGES } from './languages';
import { ORDER_STATUS_VALUES, orderObject } from './merchant-api';
import { decimalString } from './money-schema';
import { FILTER_TEXT_MAX } from './records-limits';
import { commonQuery } from './validation';

/**
 * The back office's records (issue 7): collection and payout orders (POST /mchOrder/page, GET
 * /mchOrder/getById) and the fund flow (POST /merchant/account/funds-record). Filters left
 * empty ('' or null, as a reset form sends them) mean "any". Times are ISO 8601 with an offset.
 */
export const RECORDS_PAGE_SIZE_MAX = 100;
/**
 * Records at scale (issue 9): a list reaches its first RECORDS_WINDOW rows (a page starting
 * beyond them is refused: narrow the filters), and its `total` is exact up to RECORDS_WINDOW,
 * then `totalCapped` says there are more (the server counts no further than RECORDS_WINDOW + 1).
 * The server's RECORDS_WINDOW variable may set it lower (tests).
 */
export const RECORDS_WINDOW = 10_000;

/** An optional filter: '' and null count as absent. */
const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' || value === null ? undefined : value), schema.optional());

/** A page starting beyond the window is refused by the server (validation.records.pageTooDeep). */
const pageNo = z
  .number({ error: 'validation.records.pageNo' })
  .int({ message: 'validation.records.pageNo' })
  .min(1, { message: 'validation.records.pageNo' })
  .max(1_000_000, { message: 'validation.records.pageNo' })
  .default(1);
const pageSize = z
  .number({ error: 'validation.records.pageSize' })
  .int({ message: 'validation.records.pageSize' })
  .min(1, { message: 'validation.records.pageSize' })
  .max(RECORDS_PAGE_SIZE_MAX, { message: 'validation.records.pageSize' })
  .default(10);
const time = z.iso.datetime({ offset: true, message: 'validation.records.time' });
const text = (max: number) =>
  z.string({ error: 'validation.invalidType' }).trim().max(max, { message: 'validation.tooLong' });

export const orderPageBody = z.object({
  type: z.enum(['collection', 'payout'], { error: 'validation.records.orderType' }),
  pageNo,
  pageSize,
  currency: optional(text(FILTER_TEXT_MAX.currency)).describe('A coinName, e.g. USDT'),
  amountMin: optional(decimalString).describe('Order amount at least this'),
  amountMax: optional(decimalString).describe('Order amount at most this'),
  createdFrom: optional(time).describe('Order time from (inclusive)'),
  createdTo: optional(time).describe('Order time to (exclusive)'),
  arrivedFrom: optional(time).describe('Arrival time (first payment seen) from (inclusive)'),
  arrivedTo: optional(time).describe('Arrival time to (exclusive)'),
  status: optional(z.enum(ORDER_STATUS_VALUES, { error: 'validation.records.status' })),
  txHash: optional(text(FILTER_TEXT_MAX.hash)).describe(
    'Transaction hash of a transfer to the order (exact)',
  ),
  payAddress: optional(text(FILTER_TEXT_MAX.address)).describe('Receiving address (exact)'),
  appName: optional(text(FILTER_TEXT_MAX.appName)).describe('Application name (contains, any case)'),
  merchantOrderNo: optional(text(FILTER_TEXT_MAX.orderNo)).describe('Merchant order number (exact)'),
  orderNo: optional(text(FILTER_TEXT_MAX.orderNo)).describe('Platform order number (exact)'),
  merchantId: optional(
    text(FILTER_TEXT_MAX.merchantId).regex(/^\d+$/, { message: 'validation.records.merchantId' }),
  ).describe("Merchant ID, digits only (only the caller's own orders are ever listed)"),
});
export type OrderPageBody = z.input<typeof orderPageBody>;

/**
 * A record: the API's Order object plus the application's name and the order's type. A payout has
 * no cashier (null) and shows its destination as payAddress.
 */
export const orderRecord = orderObject.extend({
  status: z
    .enum(ORDER_STATUS_VALUES)
    .describe(
      "Where the order is: a collection is pending, confirming, completed or expired; the other values are a payout order's",
    ),
  appName: z.string(),
  type: z.enum(['collection', 'payout']),
  cashierUrl: z.string().nullable().describe('The hosted payment page; null for a payout (no cashier)'),
});
export type OrderRecord = z.infer<typeof orderRecord>;

const total = z
  .number()
  .int()
  .describe('Rows matching, exact up to the window (10,000); the window itself when totalCapped');
const totalCapped = z
  .boolean()
  .describe(
    'More rows match than the window (total is then a lower bound): only the first total can be paged to',
  );

export const orderPage = z.object({
  list: z.array(orderRecord),
  total,
  totalCapped,
  pageNo: z.number().int(),
  pageSize: z.number().int(),
});
export type OrderPage = z.infer<typeof orderPage>;

export const orderDetailQuery = commonQuery.extend({
  id: z
    .string({ error: 'validation.orderNoRequired' })
    .trim()
    .min(1, { message: 'validation.orderNoRequired' })
    .max(64, { message: 'validation.tooLong' })
    .describe('The platform order number'),
});

/** A chain transfer seen to the order's address. */
export const orderTransfer = z.object({
  chainId: z.string(),
  txHash: z.string(),
  logIndex: z.number().int(),
  fromAddress: z.string(),
  toAddress: z.string(),
  coinName: z.string(),
  amount: decimalString,
  blockHeight: z.number().int(),
  status: z
    .enum(['confirming', 'credited', 'ignored', 'unmatched'])
    .describe(
      'confirming: waiting for confirmations (or for the order to complete or expire); credited; unmatched: another coin (or the application was deleted), not credited to the order, for the platform to review; ignored: the platform’s own transfer (gas for a sweep), never credited',
    ),
  confirmations: z.number().int().describe('Confirmations now (0 when the chain is not enabled)'),
  confirmationsRequired: z.number().int(),
  seenAt: z.string(),
  creditedAt: z.string().nullable(),
});
export type OrderTransfer = z.infer<typeof orderTransfer>;

export const orderDetail = z.object({
  order: orderRecord.extend({
    description: z.string(),
    language: z
      .enum(LANGUAGES)
      .nullable()
      .describe("The cashier's language; null when none was named (the payer's browser language)"),
    callbackUrl: z.string().describe("The order's own callback URL ('' when the application's is used)"),
    redirectUrl: z.string(),
    arrivedAt: z.string().nullable().describe('When the first payment was seen'),
    fiat: z
      .string()
      .nullable()
      .describe("An epusdt order's fiat (CNY, USD…): the shop priced it in that; null for other orders"),
    fiatAmount: decimalString.nullable().describe("An epusdt order's price in its fiat, as the shop sent it"),
  }),
  transfers: z.array(orderTransfer).describe("Transfers seen to a collection's address (none for a payout)"),
  withdrawal: z
    .object({
      withdrawalNo: z.string(),
      status: z.enum(WITHDRAWAL_STATUS_VALUES),
      reason: z
        .string()
        .nullable()
        .describe("The operator's reason for a rejection; `reverted` when the transfer failed on chain"),
      reviewedAt: z.string().nullable(),
      sentAt: z.string().nullable(),
      finishedAt: z.string().nullable(),
    })
    .nullable()
    .describe("A payout's withdrawal: its review and sending (null for a collection)"),
  deliveryLog,
});
export type OrderDetail = z.infer<typeof orderDetail>;

export const FUND_RECORD_TYPE_VALUES = ['deposit', 'withdraw', 'collection', 'payout', 'exchange'] as const;

export const fundsRecordBody = z.object({
  pageNo,
  pageSize,
  type: optional(z.enum(FUND_RECORD_TYPE_VALUES, { error: 'validation.records.fundType' })),
  currency: optional(text(FILTER_TEXT_MAX.currency)),
  timeFrom: optional(time).describe('From (inclusive)'),
  timeTo: optional(time).describe('To (exclusive)'),
  orderNo: optional(text(FILTER_TEXT_MAX.orderNo)).describe('Platform order number (exact)'),
});
export type FundsRecordBody = z.input<typeof fundsRecordBody>;

/** One row of the fund flow (SPEC 3 "Fund record"), newest first. */
export const fundsRecordItem = z.object({
  createdAt: z.string(),
  type: z.enum(FUND_RECORD_TYPE_VALUES),
  orderNo: z.string().nullable(),
  hash: z.string().nullable().describe('The transaction hash on the chain'),
  address: z.string().nullable().describe('The receiving address'),
  currency: z.string(),
  network: z.string().nullable(),
  amount: decimalString.describe('What the record is about (for a collection: what arrived)'),
  fee: decimalString,
  status: z.string(),
  bucket: z
    .enum(['available', 'frozen'])
    .describe(
      'The balance the record moved: available, or frozen (a withdrawal set aside until it completes)',
    ),
  balanceBefore: decimalString,
  changeAmount: decimalString.describe('Signed: + credited, − debited'),
  balanceAfter: decimalString,
  action: z
    .enum(FUND_ACTION_VALUES)
    .describe(
      'What the record did: credit, debit; for a withdrawal or payout freeze (total set aside), settle (amount sent), fee, release (total returned)',
    ),
});
export type FundsRecordItem = z.infer<typeof fundsRecordItem>;

export const fundsRecordPage = z.object({ list: z.array(fundsRecordItem), total, totalCapped });
export type FundsRecordPage = z.infer<typeof fundsRecordPage>;
