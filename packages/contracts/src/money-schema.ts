import { z } from 'zod';
import { DECIMAL_PATTERN, MAX_ORDER_AMOUNT, money, UNSIGNED_DECIMAL_PATTERN } from './money';

/**
 * A decimal on the wire (SPEC: money is a decimal string), checked with the money module's
 * pattern. A value that fails it stops there (`abort`): refinements chained after it may parse
 * the text as a number, which throws on "ten" or "" (a 500 instead of the 1001 it is).
 */
// A JSON number (10.5) is not taken: it may already have lost digits on its way (a float), and
// it is told what to send. null is missing, as for every other field (requiredString).
const decimalText = () =>
  z.string({
    error: (issue) => {
      if (issue.input === undefined || issue.input === null) return 'validation.required';
      return typeof issue.input === 'number' ? 'validation.decimalText' : 'validation.invalidType';
    },
  });

export const decimalString = decimalText()
  .regex(DECIMAL_PATTERN, { message: 'validation.decimal', abort: true })
  .describe('A decimal number as a string, e.g. "12.50"');

/** A decimal that is never negative (an order's amounts, a fee): its documented pattern has no sign. */
export const unsignedDecimalString = decimalText()
  .regex(UNSIGNED_DECIMAL_PATTERN, { message: 'validation.decimal', abort: true })
  .describe('A decimal number as a string, never negative, e.g. "12.50"');

/**
 * An order's amount: a decimal > 0 and below MAX_ORDER_AMOUNT (larger would not fit the
 * database's NUMERIC(38,18) columns once added up; 21 digits or more would not fit at all).
 * The coin's own decimals are the server's check.
 */
export const orderAmount = decimalText()
  // "-5" is a decimal, but not an amount: it is told the amount's rule, as "0" is.
  .regex(UNSIGNED_DECIMAL_PATTERN, {
    error: (issue) =>
      DECIMAL_PATTERN.test(String(issue.input)) ? 'validation.collection.amount' : 'validation.decimal',
    abort: true,
  })
  .refine((value) => money(value).greaterThan(0), { message: 'validation.collection.amount', abort: true })
  .refine((value) => money(value).lessThan(MAX_ORDER_AMOUNT), {
    message: 'validation.collection.amountTooLarge',
  });
