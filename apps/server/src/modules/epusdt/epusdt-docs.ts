import { z } from 'zod';
import { TRADE_TYPE_NAMES } from './trade-types';

/**
 * The epusdt-compatible call in the OpenAPI document (tag `epusdt`). These schemas document;
 * they do not validate: the body is read from its raw bytes (numbers keep their source text
 * for the MD5 signature) and checked by epusdt-request.ts, which answers in epusdt's format.
 */
export const EPUSDT_TAG = {
  name: 'epusdt',
  description:
    'A drop-in for shop plugins written for epusdt / BEpusdt (dujiaoka, WHMCS, v2board/xboard, ' +
    "EPay-style panels): set the plugin's base URL to `{PUBLIC_URL}/epusdt/{APPID}` and its token " +
    'to the APPSECRET. `signature` = lower-case hex MD5 of the other parameters without empty ones, ' +
    'sorted by key, joined as `key=value` with `&`, with the token appended; numbers are signed as ' +
    'written in the JSON text. Answers are HTTP 200 with `status_code` 200, 400 or 401 (429 when ' +
    "the application's request budget is spent; 404 for a path and 405 for a method it does not have, " +
    'still HTTP 200; a doubled slash, as a base URL ending in / gives, is the same path). ' +
    'When the order is paid, notify_url receives ' +
    '`{ trade_id, order_id, amount, actual_amount, token, block_transaction_id, signature, status: 2 }` ' +
    '(signed the same way) until it answers `ok` or `success`.',
} as const;

const scalar = z.union([z.string(), z.number()]);

export const epusdtParams = z.object({
  appId: z.string().describe("The application's APPID (part of the base URL)"),
});

export const epusdtCreateBody = z.object({
  order_id: scalar.describe("The shop's order number, 1-64 of [A-Za-z0-9_-]: the order's merchantOrderNo"),
  amount: scalar.describe(
    'The price in `fiat`, at least 0.01, e.g. 28.88; its coin amount must be at least 0.0001 of the coin ' +
      '(PHP plugins read a smaller float back as 4.026E-5 and could not verify the notify): below that ' +
      'the answer is status_code 400 naming the least price for the trade_type (ethereum.eth 2.49 CNY ' +
      'at the seeded rates)',
  ),
  notify_url: z.string().describe('http(s) URL told when the order is paid'),
  redirect_url: z.string().optional().describe('http(s) URL the cashier sends the customer to once paid'),
  trade_type: z
    .enum(TRADE_TYPE_NAMES as [string, ...string[]])
    .optional()
    .describe('The coin and network (BEpusdt names), default usdt.trc20'),
  fiat: z.string().optional().describe('The currency of `amount`: CNY (default), USD, EUR, GBP or JPY'),
  timeout: scalar
    .optional()
    .describe('Seconds until the order expires, brought within 300-172800; default 1800'),
  signature: z.string().describe('The MD5 signature described in the tag'),
});

const transaction = z.object({
  trade_id: z.string().describe('The platform order number (orderNo)'),
  order_id: z.string().describe('Your order_id'),
  amount: z.number().describe('The price in the fiat, as asked'),
  actual_amount: z.number().describe('What the customer pays, in the coin of trade_type'),
  token: z.string().describe("The order's own deposit address"),
  expiration_time: z.number().int().describe('When the order expires, Unix seconds'),
  payment_url: z.string().describe('The hosted cashier page to send the customer to'),
});

export const epusdtResponse = z
  .object({
    status_code: z
      .number()
      .int()
      .describe(
        '200 success; 400 a bad request; 401 unknown application or bad signature; 404 no such path; 405 not POST; 429 too many requests',
      ),
    message: z
      .string()
      .describe(
        '"success", or why the request was refused (in the `lang` header\'s language, default zh_CN)',
      ),
    data: transaction.nullable(),
    request_id: z.string(),
  })
  .describe('Always HTTP 200, as epusdt answers; the outcome is `status_code`');
