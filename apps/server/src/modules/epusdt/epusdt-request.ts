import { COLLECTION_EXPIRES_IN, MERCHANT_ORDER_NO_PATTERN, Money, URL_MAX } from '@tollgate/contracts';
import { findInvalidCharacter } from '../../plugins/input-characters';
import { badRequest } from './epusdt-refusal';
import type { JsonMember } from './json-members';
import { DEFAULT_TRADE_TYPE, type EpusdtTradeType, isTradeType, TRADE_TYPE_NAMES } from './trade-types';

/**
 * The parameters of create-transaction, read from the verified members (json-members.ts).
 * Shop plugins send numbers or strings for the same field (amount 28.88 or "28.88", order_id
 * 1001 or "1001", timeout 600 or "600"), so both are read; null and "" are absent, as in the
 * signature. Unknown parameters (BEpusdt's `address`, `rate`, `name`) are signed but not used.
 * - order_id: 1–64 of [A-Za-z0-9_-], the order's merchantOrderNo.
 * - amount: in the fiat, at least 0.01 and below 10^12; kept to 14 significant digits (what
 *   PHP shows of a float), so that the callback's `amount` reads back the same everywhere.
 * - notify_url (required), redirect_url: http(s), at most 2048 characters.
 * - trade_type: BEpusdt's names (trade-types.ts), default usdt.trc20.
 * - fiat: default CNY, any case; whether it has a rate is the service's question.
 * - timeout: seconds, brought within the API's 300 … 172800 (a plugin's 60 or 3 days still
 *   works, as it did with BEpusdt); 0 or absent: the default 1800.
 */
export interface EpusdtCreateRequest {
  orderId: string;
  /** Canonical decimal string in `fiat`. */
  amount: string;
  notifyUrl: string;
  redirectUrl: string | undefined;
  tradeType: EpusdtTradeType;
  fiat: string;
  expiresIn: number;
}

export const MIN_FIAT_AMOUNT = '0.01';
export const MAX_FIAT_AMOUNT = '1000000000000';
export const AMOUNT_SIGNIFICANT_DIGITS = 14;
/** A JSON number without its sign, or a plain decimal string ("010.50" too). */
const NUMBER_TEXT = /^\d+(?:\.\d+)?(?:[eE][+-]?\d+)?$/;
const FIAT_TEXT = /^[A-Za-z]{3}$/;

export function readCreateRequest(members: ReadonlyMap<string, JsonMember>): EpusdtCreateRequest {
  const orderId = required(members, 'order_id');
  if (!MERCHANT_ORDER_NO_PATTERN.test(orderId)) throw badRequest('epusdt.orderId');
  // A price is a number or its text; PHP would sign true as "1", but true is no price.
  const amountKind = members.get('amount')?.kind;
  if (amountKind === 'true' || amountKind === 'false') throw badRequest('epusdt.amount');
  const amount = readAmount(required(members, 'amount'));
  const notifyUrl = readUrl('notify_url', required(members, 'notify_url'));
  const redirectUrl = mapOptional(optional(members, 'redirect_url'), (url) => readUrl('redirect_url', url));
  const tradeType = optional(members, 'trade_type') ?? DEFAULT_TRADE_TYPE;
  if (!isTradeType(tradeType)) {
    throw badRequest('epusdt.tradeType', { value: tradeType, supported: TRADE_TYPE_NAMES.join(', ') });
  }
  const fiat = optional(members, 'fiat') ?? 'CNY';
  if (!FIAT_TEXT.test(fiat)) throw badRequest('epusdt.fiat', { value: fiat });
  const expiresIn = readTimeout(optional(members, 'timeout'));
  return { orderId, amount, notifyUrl, redirectUrl, tradeType, fiat: fiat.toUpperCase(), expiresIn };
}

/** A scalar member's text ("" for null and false); objects and arrays are refused. */
function scalarText(members: ReadonlyMap<string, JsonMember>, field: string): string | undefined {
  const member = members.get(field);
  if (!member) return undefined;
  switch (member.kind) {
    case 'string':
      return member.value;
    case 'number':
      return member.raw;
    case 'null':
    case 'false':
      return '';
    case 'true':
      return '1';
    default:
      throw badRequest('epusdt.notScalar', { field });
  }
}

function optional(members: ReadonlyMap<string, JsonMember>, field: string): string | undefined {
  const text = scalarText(members, field);
  return text === '' ? undefined : text;
}

function required(members: ReadonlyMap<string, JsonMember>, field: string): string {
  const text = optional(members, field);
  if (text === undefined) throw badRequest('epusdt.missing', { field });
  return text;
}

function mapOptional<T>(value: string | undefined, read: (value: string) => T): T | undefined {
  return value === undefined ? undefined : read(value);
}

function readAmount(text: string): string {
  if (!NUMBER_TEXT.test(text)) throw badRequest('epusdt.amount');
  const amount = new Money(text);
  if (amount.lessThan(MIN_FIAT_AMOUNT) || amount.greaterThanOrEqualTo(MAX_FIAT_AMOUNT)) {
    throw badRequest('epusdt.amount');
  }
  return amount.toSignificantDigits(AMOUNT_SIGNIFICANT_DIGITS, Money.ROUND_HALF_UP).toFixed();
}

function readUrl(field: string, text: string): string {
  let ok = false;
  try {
    const url = new URL(text);
    ok = (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    ok = false;
  }
  // A NUL or a lone surrogate (no text for PostgreSQL) is no URL either, whatever URL() makes of it.
  if (!ok || text.length > URL_MAX || findInvalidCharacter(text) !== undefined) {
    throw badRequest('epusdt.url', { field });
  }
  return text;
}

function readTimeout(text: string | undefined): number {
  if (text === undefined) return COLLECTION_EXPIRES_IN.default;
  // A negative number of seconds is brought up to the least, like any other short one.
  const negative = text.startsWith('-') && NUMBER_TEXT.test(text.slice(1));
  const seconds = NUMBER_TEXT.test(text) || negative ? new Money(text) : undefined;
  if (!seconds?.isInteger()) throw badRequest('epusdt.timeout');
  if (seconds.isZero()) return COLLECTION_EXPIRES_IN.default;
  if (seconds.lessThan(COLLECTION_EXPIRES_IN.min)) return COLLECTION_EXPIRES_IN.min;
  if (seconds.greaterThan(COLLECTION_EXPIRES_IN.max)) return COLLECTION_EXPIRES_IN.max;
  return seconds.toNumber();
}
