import { z } from 'zod';
import { ErrorCode, type ErrorCodeValue } from './errors';
import { LANGUAGES } from './languages';
import { orderAmount, unsignedDecimalString } from './money-schema';
import { requiredString } from './validation';

/**
 * The merchant API (/api/v1): signed JSON calls a merchant's server makes, with the /front
 * envelope and language rules. Each call is declared once here: the server registers its route
 * from the entry (modules/merchant-api/register-api-endpoint.ts), and the OpenAPI document is
 * generated from it, error codes included.
 */
export const API_BASE_PATH = '/api/v1';

export const MERCHANT_ORDER_NO_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const COLLECTION_EXPIRES_IN = { min: 300, max: 172_800, default: 1800 } as const;
export const DESCRIPTION_MAX = 256;
export const URL_MAX = 2048;

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
};

const httpUrl = z
  .string({ error: 'validation.invalidType' })
  .max(URL_MAX, { message: 'validation.tooLong' })
  .refine(isHttpUrl, { message: 'validation.collection.url' });

export const merchantOrderNoField = requiredString('validation.required').regex(MERCHANT_ORDER_NO_PATTERN, {
  message: 'validation.collection.merchantOrderNo',
});

/** A coinName (USDT); whether it is supported is the server's answer (3002). */
const currencyField = requiredString('validation.required').regex(/^[A-Z0-9]{1,16}$/, {
  message: 'validation.collection.currency',
});
/** A chainId (TRON); whether it is enabled is the server's answer (3002). */
const networkField = z
  .string({ error: 'validation.invalidType' })
  .regex(/^[A-Z0-9_]{1,16}$/, { message: 'validation.collection.network' });

export const createCollectionBody = z.strictObject({
  merchantOrderNo: merchantOrderNoField.describe(
    'Your own order number, 1-64 characters of [A-Za-z0-9_-]; the same number with the same content returns the same order, with other content it is refused (3001)',
  ),
  currency: currencyField.describe('A coinName, e.g. USDT (GET /front/config/coinList)'),
  network: networkField
    .optional()
    .describe('A chainId, e.g. TRON; omitted: the customer picks the network on the cashier'),
  amount: orderAmount.describe(
    'A decimal string > 0 and < 1000000000000, with at most the coin\'s decimals, e.g. "10.5"',
  ),
  description: z
    .string({ error: 'validation.invalidType' })
    .max(DESCRIPTION_MAX, { message: 'validation.tooLong' })
    .optional()
    .describe('Shown to the customer on the cashier'),
  language: z
    .enum(LANGUAGES, { error: 'validation.collection.language' })
    .optional()
    .describe("The cashier language; omitted: the payer's browser language among these four, else en_US"),
  callbackUrl: httpUrl
    .optional()
    .describe("http(s) URL for this order's callbacks; default: the application's"),
  redirectUrl: httpUrl.optional().describe('http(s) URL the cashier sends the customer to once paid'),
  expiresIn: z
    .number({ error: 'validation.collection.expiresIn' })
    .int({ message: 'validation.collection.expiresIn' })
    .min(COLLECTION_EXPIRES_IN.min, { message: 'validation.collection.expiresIn' })
    .max(COLLECTION_EXPIRES_IN.max, { message: 'validation.collection.expiresIn' })
    .optional()
    .describe('Seconds until the order expires, 300 to 172800, default 1800'),
});

/** The query every call accepts: `langCode`, the language of `message` when no `lang` header is sent. */
export const apiQuery = z.object({
  langCode: z.string().max(35).optional().describe('The language of `message` (the `lang` header wins)'),
});

export const collectionQuery = apiQuery.extend({
  merchantOrderNo: merchantOrderNoField.describe('Your order number'),
});

export const orderNoParams = z.object({
  orderNo: z.string().min(1).max(64).describe('The platform order number (orderNo)'),
});

/** Devnet only: a simulated transfer to the order's address, seen by the watcher like any other. */
export const testPayBody = z.strictObject({
  amount: orderAmount.describe(
    'What the simulated customer sends, in the order currency (less or more to try underpaid and overpaid)',
  ),
  network: networkField
    .optional()
    .describe(
      'A chainId; needed only when the order has no network yet (it is then assigned, as on the cashier)',
    ),
  currency: currencyField
    .optional()
    .describe(
      "Another coin of the order's network, to try a customer paying the wrong token: the transfer is recorded unmatched (never credited to the order) and the operators credit it or return it. The order's currency when left out",
    ),
});

/**
 * Every order's status, as the records list collections and payouts together. The API's Order
 * and Payout objects each have their own: COLLECTION_STATUS_VALUES and PAYOUT_STATUS_VALUES.
 */
export const ORDER_STATUS_VALUES = [
  'pending',
  'confirming',
  'completed',
  'expired',
  'pending_review',
  'processing',
  'failed',
  'rejected',
] as const;
export const COLLECTION_STATUS_VALUES = ['pending', 'confirming', 'completed', 'expired'] as const;
export type CollectionStatus = (typeof COLLECTION_STATUS_VALUES)[number];
export const PAYOUT_STATUS_VALUES = [
  'pending_review',
  'processing',
  'completed',
  'failed',
  'rejected',
] as const;
export const PAYOUT_BATCH_MAX = 1000;
export const ORDER_EXCEPTION_VALUES = ['underpaid', 'overpaid', 'late'] as const;
const TIME_DESCRIPTION = 'When it was created (ISO 8601, UTC)';

/**
 * The Order object of the merchant API, the callbacks and the records. Amounts are decimal
 * strings without trailing zeros; times ISO 8601 in UTC. `status` and `exception` are kept
 * apart: an order can be `expired` and `underpaid`, or `completed` and `overpaid`.
 */
export const orderObject = z.object({
  orderNo: z.string().describe('The platform order number'),
  merchantOrderNo: z.string().describe('Your own order number, as you sent it'),
  appId: z.string().describe('The APPID of the application the order belongs to'),
  currency: z.string().describe('A coinName, e.g. USDT'),
  network: z.string().nullable().describe('A chainId; null until the customer picks one on the cashier'),
  amount: unsignedDecimalString,
  paidAmount: unsignedDecimalString.describe('What arrived so far'),
  fee: unsignedDecimalString,
  status: z.enum(COLLECTION_STATUS_VALUES).describe('Where the order is (see Statuses)'),
  exception: z
    .enum(ORDER_EXCEPTION_VALUES)
    .nullable()
    .describe('What went wrong with the payment, kept apart from the status; null when nothing did'),
  payAddress: z.string().nullable().describe("The order's own deposit address; null while it has no network"),
  cashierUrl: z.string().describe('The hosted payment page to send the customer to'),
  txHash: z.string().nullable().describe('The first transfer that paid it'),
  test: z.boolean().describe('Created on the devnet chain: simulated money'),
  createdAt: z.string().describe(TIME_DESCRIPTION),
  expiresAt: z.string().describe('When an unpaid order expires (ISO 8601, UTC)'),
  completedAt: z.string().nullable().describe('When it completed (ISO 8601, UTC); null until then'),
});
export type OrderObject = z.infer<typeof orderObject>;

export const createPayoutBody = z.strictObject({
  merchantOrderNo: merchantOrderNoField.describe(
    'Your own payout number, 1-64 characters of [A-Za-z0-9_-]; the same number with the same content returns the same payout, with other content it is refused (3001)',
  ),
  currency: currencyField.describe('A coinName, e.g. USDT'),
  network: requiredString('validation.required')
    .regex(/^[A-Z0-9_]{1,16}$/, { message: 'validation.collection.network' })
    .describe('A chainId, e.g. TRON'),
  address: requiredString('validation.asset.addressRequired')
    .min(1, { message: 'validation.asset.addressRequired' })
    .max(128, { message: 'validation.tooLong' })
    .describe('The destination address; checked for the network, checksum included'),
  amount: orderAmount.describe(
    "What the destination receives, within the coin's limits (minWithdrawalAmount and maxWithdrawalAmount of GET /front/config/coinList); the rate table's payout fee comes on top",
  ),
  description: z
    .string({ error: 'validation.invalidType' })
    .max(DESCRIPTION_MAX, { message: 'validation.tooLong' })
    .optional()
    .describe('Your note, kept with the payout and shown in its records'),
  callbackUrl: httpUrl
    .optional()
    .describe("http(s) URL for this payout's callbacks; default: the application's"),
});
export type CreatePayoutBody = z.infer<typeof createPayoutBody>;

export const createPayoutBatchBody = z.strictObject({
  items: z
    .array(createPayoutBody, { error: 'validation.invalidType' })
    .min(1, { message: 'validation.required' })
    .max(PAYOUT_BATCH_MAX, { message: 'validation.payout.batchTooLarge' })
    .describe(`1 to ${PAYOUT_BATCH_MAX} payouts: all are accepted or none`),
});

/** A payout as the API, its callbacks and the records show it. */
export const payoutObject = z.object({
  orderNo: z.string().describe('The platform order number'),
  merchantOrderNo: z.string().describe('Your own payout number, as you sent it'),
  appId: z.string().describe('The APPID of the application the payout belongs to'),
  currency: z.string().describe('A coinName, e.g. USDT'),
  network: z.string().describe('A chainId, e.g. TRON'),
  address: z.string().describe('The destination'),
  amount: unsignedDecimalString.describe('What the destination receives'),
  fee: unsignedDecimalString,
  status: z.enum(PAYOUT_STATUS_VALUES).describe('Where the payout is (see Statuses)'),
  reason: z
    .string()
    .nullable()
    .describe('Why it was rejected (the reviewer) or failed (`reverted` on chain)'),
  txHash: z.string().nullable().describe('The transaction on chain; null until it is sent'),
  description: z.string().describe('Your note, as you sent it'),
  test: z.boolean().describe('Created on the devnet chain: simulated money'),
  createdAt: z.string().describe(TIME_DESCRIPTION),
  completedAt: z.string().nullable().describe('When it completed (ISO 8601, UTC); null until then'),
});
export type PayoutObject = z.infer<typeof payoutObject>;

export const payoutBatchResult = z.object({
  items: z.array(payoutObject).describe('The payouts, in the order of the request'),
});

/** Refusals every signed call can answer, before its own. */
export const SIGNED_CALL_ERRORS: readonly ErrorCodeValue[] = [
  ErrorCode.API_AUTH_INVALID,
  ErrorCode.API_TIMESTAMP_OUT_OF_WINDOW,
  ErrorCode.API_NONCE_REUSED,
  ErrorCode.API_SIGNATURE_INVALID,
  ErrorCode.API_IP_NOT_ALLOWED,
  ErrorCode.TOO_MANY_REQUESTS,
];

/** What the devnet pay call did: the simulated transfer now waiting for the next devnet block. */
export const testPayResult = z.object({
  orderNo: z.string().describe('The platform order number'),
  network: z.string().describe('The chainId the transfer is on'),
  toAddress: z.string().describe("The order's address"),
  currency: z.string().describe('A coinName, e.g. USDT'),
  amount: unsignedDecimalString,
  txHash: z.string().describe('The simulated transaction hash'),
});
export type TestPayResult = z.infer<typeof testPayResult>;

/** Devnet only: a simulated transfer to the merchant's own deposit address, credited like any deposit. */
export const testDepositApiBody = z.strictObject({
  currency: currencyField.describe('A coinName, e.g. USDT'),
  network: requiredString('validation.required')
    .regex(/^[A-Z0-9_]{1,16}$/, { message: 'validation.collection.network' })
    .describe('A chainId, e.g. TRON'),
  amount: orderAmount.describe(
    "What the simulated wallet sends, with at most the coin's decimals (below the coin's minDepositAmount it is recorded and never credited)",
  ),
});
export type TestDepositApiBody = z.infer<typeof testDepositApiBody>;

/** What the devnet deposit call did: the simulated transfer now waiting for the next devnet block. */
export const testDepositApiResult = z.object({
  currency: z.string().describe('A coinName, e.g. USDT'),
  network: z.string().describe('The chainId the transfer is on'),
  toAddress: z.string().describe("The merchant's own deposit address on that network"),
  amount: unsignedDecimalString,
  txHash: z.string().describe('The simulated transaction hash'),
});
export type TestDepositApiResult = z.infer<typeof testDepositApiResult>;

/** The page size of GET /orders: 20 unless asked, at most 100. */
export const ORDER_LIST_LIMIT = { default: 20, max: 100 } as const;
/** An opaque position in the list (base64url); only the cursor a previous page gave is one. */
export const ORDER_LIST_CURSOR_MAX = 128;

const listTime = z.iso.datetime({ offset: true, message: 'validation.records.time' });

export const listOrdersQuery = apiQuery.extend({
  type: z
    .enum(['collection', 'payout'], { error: 'validation.records.orderType' })
    .describe('collection: Order objects; payout: Payout objects'),
  status: z
    .enum(ORDER_STATUS_VALUES, { error: 'validation.records.status' })
    .optional()
    .describe("Only orders in this status (one of the type's statuses)"),
  createdFrom: listTime
    .optional()
    .describe('Created at or after this time (ISO 8601 with a time zone, e.g. 2026-12-01T00:00:00+08:00)'),
  createdTo: listTime.optional().describe('Created before this time (exclusive; ISO 8601 with a time zone)'),
  limit: z.coerce
    .number({ error: 'validation.api.limit' })
    .int({ message: 'validation.api.limit' })
    .min(1, { message: 'validation.api.limit' })
    .max(ORDER_LIST_LIMIT.max, { message: 'validation.api.limit' })
    .default(ORDER_LIST_LIMIT.default)
    .describe(`Orders per page, 1 to ${ORDER_LIST_LIMIT.max}, default ${ORDER_LIST_LIMIT.default}`),
  cursor: z
    .string({ error: 'validation.api.cursor' })
    .min(1, { message: 'validation.api.cursor' })
    .max(ORDER_LIST_CURSOR_MAX, { message: 'validation.api.cursor' })
    .optional()
    .describe('The nextCursor of the previous page; omitted: the first (newest) page'),
});
export type ListOrdersQuery = z.infer<typeof listOrdersQuery>;

export const orderListResult = z.object({
  list: z
    .array(z.union([orderObject, payoutObject]))
    .describe(
      'Newest first (by createdAt; orders of one instant in reverse order of creation): Order objects for collections, Payout objects for payouts',
    ),
  nextCursor: z.string().nullable().describe('Send it as cursor for the next page; null on the last page'),
});
export type OrderListResult = z.infer<typeof orderListResult>;

export const balanceObject = z.object({
  currency: z.string().describe('A coinName, e.g. USDT'),
  available: unsignedDecimalString.describe('What payouts and withdrawals can use'),
  frozen: unsignedDecimalString.describe('Held by payouts and withdrawals not yet settled'),
});
export const balanceListResult = z.object({
  list: z
    .array(balanceObject)
    .describe('Every currency the platform carries, by coinName; 0 where there is none'),
});
export type BalanceListResult = z.infer<typeof balanceListResult>;

export interface ApiEndpointDef {
  method: 'GET' | 'POST';
  /** Under API_BASE_PATH; `:name` for a path parameter. */
  path: string;
  operationId: string;
  summary: string;
  description: string;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  /** The call's own error codes, besides SIGNED_CALL_ERRORS. */
  errors: readonly ErrorCodeValue[];
  /** Registered only with CHAIN_MODE=devnet; in live mode the path does not exist (404). */
  devnetOnly: boolean;
}

const BODY_ERRORS = [
  ErrorCode.VALIDATION_FAILED,
  ErrorCode.MALFORMED_BODY,
  ErrorCode.PAYLOAD_TOO_LARGE,
  ErrorCode.UNSUPPORTED_MEDIA_TYPE,
];

export const apiEndpoints = {
  createCollection: {
    method: 'POST',
    path: '/collections',
    operationId: 'createCollection',
    summary: 'Create a collection order (idempotent by merchantOrderNo)',
    description:
      'Creates an order with its own deposit address (when `network` is given; otherwise the customer ' +
      'picks the network on the cashier and the address is assigned then). Send the customer to ' +
      '`cashierUrl`. The same `merchantOrderNo` with the same content returns the same order (a safe ' +
      'retry); with different content it is refused with 3001.',
    body: createCollectionBody,
    response: orderObject,
    errors: [...BODY_ERRORS, ErrorCode.MERCHANT_ORDER_CONFLICT, ErrorCode.CURRENCY_NOT_SUPPORTED],
    devnetOnly: false,
  },
  getCollection: {
    method: 'GET',
    path: '/collections/:orderNo',
    operationId: 'getCollection',
    summary: 'Get a collection order by its platform order number',
    description: "Only the calling application's own orders; any other order number is 404.",
    params: orderNoParams,
    response: orderObject,
    // 1001: an order number that cannot be one (too long, other characters).
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND],
    devnetOnly: false,
  },
  findCollection: {
    method: 'GET',
    path: '/collections',
    operationId: 'findCollection',
    summary: 'Get a collection order by your merchantOrderNo',
    description: "Only the calling application's own orders; an unknown merchantOrderNo is 404.",
    query: collectionQuery,
    response: orderObject,
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND],
    devnetOnly: false,
  },
  getBalances: {
    method: 'GET',
    path: '/balances',
    operationId: 'getBalances',
    summary: "Get the merchant's balances",
    description:
      "Each currency's available and frozen amounts, as decimal strings: the merchant's account, shared " +
      'by all of its applications. A payout needs amount + fee available (3201 otherwise).',
    response: balanceListResult,
    errors: [ErrorCode.VALIDATION_FAILED],
    devnetOnly: false,
  },
  createTestDeposit: {
    method: 'POST',
    path: '/test/deposits',
    operationId: 'createTestDeposit',
    summary: 'Devnet only: fund the test balance with a simulated deposit',
    description:
      "Makes a devnet transfer of `amount` to the merchant's own deposit address on `network`. The " +
      'devnet watcher sees it in the next block like any deposit and credits the available balance ' +
      'after the confirmations (GET /api/v1/balances shows it then). Exists only with ' +
      'CHAIN_MODE=devnet: in live mode this path answers 404.',
    body: testDepositApiBody,
    response: testDepositApiResult,
    errors: [...BODY_ERRORS, ErrorCode.CURRENCY_NOT_SUPPORTED],
    devnetOnly: true,
  },
  createPayout: {
    method: 'POST',
    path: '/payouts',
    operationId: 'createPayout',
    summary: 'Create a payout to an address (idempotent by merchantOrderNo)',
    description:
      "Pays `amount` to `address` on `network`; the rate table's payout fee comes on top. amount + fee " +
      'move from available to frozen at once (3201 when they do not fit), then the payout is reviewed ' +
      '(pending_review; small ones may be approved at once), sent (processing) and completed once the ' +
      'chain confirms it, or failed, or rejected: the callbacks payout.processing, payout.completed, ' +
      'payout.failed and payout.rejected tell each. The same `merchantOrderNo` with the same content ' +
      'returns the same payout; with other content it is refused with 3001. Refused for 24 h after a ' +
      "password or Google Authenticator change (3202). While the merchant's withdrawal address " +
      'whitelist is on, only an address listed for that network is accepted (3203). An address the ' +
      "platform itself holds (an order's or a deposit address, the hot or gas wallet) is refused (1001 on " +
      '`address`): what is paid there would come back to the platform.',
    body: createPayoutBody,
    response: payoutObject,
    errors: [
      ...BODY_ERRORS,
      ErrorCode.MERCHANT_ORDER_CONFLICT,
      ErrorCode.CURRENCY_NOT_SUPPORTED,
      ErrorCode.INSUFFICIENT_BALANCE,
      ErrorCode.WITHDRAWAL_LOCKED,
      ErrorCode.ADDRESS_NOT_WHITELISTED,
    ],
    devnetOnly: false,
  },
  createPayoutBatch: {
    method: 'POST',
    path: '/payouts/batch',
    operationId: 'createPayoutBatch',
    summary: `Create up to ${PAYOUT_BATCH_MAX} payouts at once: all or none`,
    description:
      'Every item is checked like a single payout; one bad item refuses the whole batch (its index in ' +
      'the field name, e.g. items.3.address) and nothing is frozen. Each item is idempotent by its ' +
      'merchantOrderNo: a batch sent again returns the same payouts.',
    body: createPayoutBatchBody,
    response: payoutBatchResult,
    errors: [
      ...BODY_ERRORS,
      ErrorCode.MERCHANT_ORDER_CONFLICT,
      ErrorCode.CURRENCY_NOT_SUPPORTED,
      ErrorCode.INSUFFICIENT_BALANCE,
      ErrorCode.WITHDRAWAL_LOCKED,
      ErrorCode.ADDRESS_NOT_WHITELISTED,
    ],
    devnetOnly: false,
  },
  getPayout: {
    method: 'GET',
    path: '/payouts/:orderNo',
    operationId: 'getPayout',
    summary: 'Get a payout by its platform order number',
    description: "Only the calling application's own payouts; any other order number is 404.",
    params: orderNoParams,
    response: payoutObject,
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND],
    devnetOnly: false,
  },
  findPayout: {
    method: 'GET',
    path: '/payouts',
    operationId: 'findPayout',
    summary: 'Get a payout by your merchantOrderNo',
    description:
      "Only the calling application's own payouts; an unknown merchantOrderNo is 404. After a timeout, " +
      'this tells whether the payout was made before you send it again.',
    query: collectionQuery,
    response: payoutObject,
    errors: [ErrorCode.VALIDATION_FAILED, ErrorCode.NOT_FOUND],
    devnetOnly: false,
  },
  listOrders: {
    method: 'GET',
    path: '/orders',
    operationId: 'listOrders',
    summary: "List the application's orders for reconciliation, newest first",
    description:
      "The calling application's collections or payouts, newest first, a page at a time (keyset " +
      'pagination: a page does not shift when new orders arrive). Send the nextCursor of an answer as ' +
      '`cursor` for the next page, with the same filters; nextCursor is null on the last page. A cursor ' +
      'that this call did not give is refused (1001).',
    query: listOrdersQuery,
    response: orderListResult,
    errors: [ErrorCode.VALIDATION_FAILED],
    devnetOnly: false,
  },
  testPayCollection: {
    method: 'POST',
    path: '/test/collections/:orderNo/pay',
    operationId: 'testPayCollection',
    summary: 'Devnet only: simulate a customer paying the order',
    description:
      "Makes a devnet transfer of `amount` to the order's address. The devnet watcher sees it in the " +
      'next block like any chain transfer (confirming, then completed after the confirmations), so ' +
      'underpaid, overpaid and late payments can be tried. Exists only with CHAIN_MODE=devnet: in ' +
      'live mode this path answers 404.',
    params: orderNoParams,
    body: testPayBody,
    response: testPayResult,
    errors: [...BODY_ERRORS, ErrorCode.NOT_FOUND, ErrorCode.CURRENCY_NOT_SUPPORTED],
    devnetOnly: true,
  },
} as const satisfies Record<string, ApiEndpointDef>;
