import { createHash } from 'node:crypto';
import { type Language, toDecimalString } from '@tollgate/contracts';

/**
 * What a collection order is created from: the merchant API body (or the epusdt endpoint's,
 * converted), already checked for shape by its schema. The request hash is sha256 over the
 * canonical content with the defaults applied, so the same order asked for twice (a retry,
 * "10" or "10.00", an omitted default or the default itself) is the same order, and anything
 * else under the same merchantOrderNo is a conflict (3001).
 */
export const DEFAULT_EXPIRES_IN = 1800;
/**
 * What an order without a language hashes as: before the cashier followed the payer's browser,
 * an omitted language was stored as zh_CN, and a retry must still be the same order.
 */
export const DEFAULT_ORDER_LANGUAGE: Language = 'zh_CN';

export interface CollectionInput {
  merchantOrderNo: string;
  currency: string;
  network?: string | undefined;
  /** A decimal string > 0 in the currency. */
  amount: string;
  description?: string | undefined;
  language?: Language | undefined;
  callbackUrl?: string | undefined;
  redirectUrl?: string | undefined;
  /** Seconds, 300 to 172800 (the API schema checks the range). */
  expiresIn?: number | undefined;
}

/** epusdt orders: the fiat the shop priced in and its amount as it arrived ("28.88" CNY). */
export interface FiatPrice {
  currency: string;
  amount: string;
}

export interface ResolvedCollection {
  source: 'api' | 'epusdt';
  merchantOrderNo: string;
  currency: string;
  network: string | null;
  amount: string;
  description: string;
  /** null: none named; the cashier opens in the payer's browser language. */
  language: Language | null;
  callbackUrl: string;
  redirectUrl: string;
  expiresIn: number;
  fiat: FiatPrice | null;
}

export function resolveCollection(
  input: CollectionInput,
  source: 'api' | 'epusdt',
  fiat?: FiatPrice,
): ResolvedCollection {
  return {
    source,
    merchantOrderNo: input.merchantOrderNo,
    currency: input.currency,
    network: input.network ?? null,
    amount: toDecimalString(input.amount),
    description: input.description ?? '',
    language: input.language ?? null,
    callbackUrl: input.callbackUrl ?? '',
    redirectUrl: input.redirectUrl ?? '',
    expiresIn: input.expiresIn ?? DEFAULT_EXPIRES_IN,
    fiat: fiat ? { currency: fiat.currency, amount: toDecimalString(fiat.amount) } : null,
  };
}

/**
 * sha256 (hex) of the content as a JSON array in a fixed order: key order can never differ.
 * A fiat-priced order (epusdt) is the fiat and its amount: its coin amount comes from the rate
 * at creation, so a retry after a rate change is still the same order, not a conflict.
 */
export function collectionRequestHash(c: ResolvedCollection): string {
  const canonical = JSON.stringify([
    'collection/v1',
    c.source,
    c.merchantOrderNo,
    c.currency,
    c.network,
    c.fiat ? null : c.amount,
    c.description,
    c.language ?? DEFAULT_ORDER_LANGUAGE,
    c.callbackUrl,
    c.redirectUrl,
    c.expiresIn,
    c.fiat?.currency ?? null,
    c.fiat?.amount ?? null,
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}
