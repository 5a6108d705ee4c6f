import Decimal from 'decimal.js';

/**
 * The one money module. Money never travels or computes as a JS number: amounts, rates and
 * balances are decimal strings on the wire (`"12.5"`, `"0.000001"`), NUMERIC in PostgreSQL
 * and `Decimal` here. Server and web both go through these functions. The wire schema
 * (`decimalString`) is in money-schema.ts, so this module loads without zod.
 */
export const DECIMAL_PATTERN = /^-?\d{1,30}(\.\d{1,18})?$/;
/** The same without a sign: amounts that cannot be negative (an order's, a fee), as documented. */
export const UNSIGNED_DECIMAL_PATTERN = /^\d{1,30}(\.\d{1,18})?$/;

/**
 * An order's amount (a collection, a simulated payment or deposit) is below this: a trillion of
 * its coin, far beyond any real payment, and within what NUMERIC(38,18) holds (20 integer
 * digits) once fees and USDT values are added up. The same bound as epusdt's fiat amounts.
 */
export const MAX_ORDER_AMOUNT = '1000000000000';

/** Client state defaults of SPEC section 3. */
export const DEFAULT_CURRENCY = 'USDT';
export const DEFAULT_RATE = '1';
export const DEFAULT_PRECISION = 2;

/** Our own Decimal constructor: enough precision for NUMERIC(38,18) products, never exponent notation. */
export const Money = Decimal.clone({
  precision: 60,
  rounding: Decimal.ROUND_HALF_UP,
  toExpNeg: -40,
  toExpPos: 60,
});
export type Money = InstanceType<typeof Money>;
export type MoneyInput = string | Money;

export function money(value: MoneyInput): Money {
  if (typeof value === 'string' && !DECIMAL_PATTERN.test(value.trim())) {
    throw new RangeError(`not a decimal string: ${value}`);
  }
  return new Money(value);
}

export function sumMoney(values: Iterable<MoneyInput>): Money {
  let total = new Money(0);
  for (const v of values) total = total.plus(money(v));
  return total;
}

/** The wire form: plain notation, no trailing zeros, at most 18 decimals ("12.5", "0"). */
export function toDecimalString(value: MoneyInput, maxDecimals = 18): string {
  const d = money(value).toDecimalPlaces(maxDecimals, Decimal.ROUND_DOWN);
  return d.isZero() ? '0' : d.toFixed();
}

/**
 * toDecimalString of a Money already in hand, without copying it when it has at most 18
 * decimals (hot loops: a 10,000-row batch, a ledger writer).
 */
export function moneyText(value: Money): string {
  if (value.decimalPlaces() > 18) return toDecimalString(value);
  return value.isZero() ? '0' : value.toFixed();
}

/** Plain decimal text with thousands separators in its integer part: "-1234567.5" → "-1,234,567.5". */
function groupThousands(plain: string): string {
  const [int = '0', frac] = plain.split('.');
  const sign = int.startsWith('-') ? '-' : '';
  const digits = sign ? int.slice(1) : int;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${sign}${grouped}${frac ? `.${frac}` : ''}`;
}

/**
 * For display at fixed decimals (default 2, SPEC section 3), with thousands separators: rounded
 * half-up (away from zero on a 5: 10.415 → "10.42", 0.085 → "0.09", −0.085 → "−0.09"), never
 * cut (issue 31: 10.416 showed as 10.41). A screen that shows it also offers the exact value
 * (formatExactMoney) on hover; exports keep the exact value (docs/decisions/2026-12-07-amount-display.md).
 */
export function formatMoney(value: MoneyInput, precision = DEFAULT_PRECISION): string {
  return groupThousands(money(value).toDecimalPlaces(precision, Decimal.ROUND_HALF_UP).toFixed(precision));
}

/** Whether formatMoney at `precision` shows less than the value holds (then the exact value goes on hover). */
export function isRoundedAt(value: MoneyInput, precision = DEFAULT_PRECISION): boolean {
  return money(value).decimalPlaces() > precision;
}

/**
 * For display, exactly (as toDecimalString: no rounding, no trailing zeros), with thousands
 * separators: "1,000,000.5". The one number format of every screen and message, in every
 * language (a "." or "," that changed meaning with the language would misread an amount).
 */
export function formatExactMoney(value: MoneyInput): string {
  return groupThousands(toDecimalString(value));
}
