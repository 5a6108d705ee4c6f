import {
  DEFAULT_CURRENCY,
  DEFAULT_PRECISION,
  DEFAULT_RATE,
  formatExactMoney,
  formatMoney,
  type MoneyInput,
  money,
  toDecimalString,
} from '@tollgate/contracts/money';
import dayjs from 'dayjs';
import advancedFormat from 'dayjs/plugin/advancedFormat';
import quarterOfYear from 'dayjs/plugin/quarterOfYear';

/**
 * Display formatting, one module: client defaults of SPEC section 3 (USDT, rate 1, precision
 * 2, from contracts) and the date format of section 9. Amounts stay decimal strings; every
 * computation goes through the contracts money module, never through a JS number.
 */
dayjs.extend(quarterOfYear);
dayjs.extend(advancedFormat);

export const CLIENT_DEFAULTS = {
  currency: DEFAULT_CURRENCY,
  rate: DEFAULT_RATE,
  precision: DEFAULT_PRECISION,
} as const;

/** year/month/day hour:minute:second; `Q` (quarter) and `SSS` (milliseconds) also work. */
export const DATE_FORMAT = 'YYYY/MM/DD HH:mm:ss';
/** A day in the date format's order (the date pickers of a day, not a time). */
export const DAY_FORMAT = 'YYYY/MM/DD';
export const EMPTY_VALUE = '-';

/** A calendar day (`YYYY-MM-DD`, as the server sends a report's or a chart's day) in the date format's order: `YYYY/MM/DD`. */
export function formatDay(day: string): string {
  return day.replaceAll('-', '/');
}

export type DateInput = string | number | Date | dayjs.Dayjs | null | undefined;

export function formatDate(value: DateInput, format: string = DATE_FORMAT): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  const date = dayjs(value);
  return date.isValid() ? date.format(format) : EMPTY_VALUE;
}

/**
 * An amount shown at fixed decimals (a USDT estimate or total, a share): thousands separators,
 * `precision` decimals rounded half-up. On screen it goes through `<Amount>` (shared/ui/amount),
 * which puts the exact value on hover; a coin's own amounts are shown whole (formatExactAmount).
 */
export function formatAmount(
  value: MoneyInput | null | undefined,
  precision: number = CLIENT_DEFAULTS.precision,
) {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return formatMoney(value, precision);
}

/** An amount exactly as the server sent it (no rounding, no trailing zeros), with thousands separators. */
export function formatExactAmount(value: MoneyInput | null | undefined) {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  return formatExactMoney(value);
}

/** Convert an amount with a rate (default 1) into the current currency, as a decimal string. */
export function convertAmount(value: MoneyInput, rate: MoneyInput = CLIENT_DEFAULTS.rate): string {
  return toDecimalString(money(value).times(money(rate)));
}

/**
 * Compact numbers for a chart's axes ("2.5K", "2.5万"), in the page's language where its
 * compact form keeps the app's one number format ("." before the decimals, "," between
 * thousands: formatExactMoney); Vietnamese would write "2,5 N", so it gets the English form,
 * as the header's balance has.
 */
export function compactNumberFormat(locale: string): Intl.NumberFormat {
  const tag = /^(zh|en)\b/i.test(locale) ? locale : 'en-US';
  return new Intl.NumberFormat(tag, { notation: 'compact', maximumFractionDigits: 1 });
}
