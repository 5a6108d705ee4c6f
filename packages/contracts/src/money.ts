import { z } from 'zod';

/**
 * Money never travels as a JS number: amounts, rates and balances are decimal strings on
 * the wire (`"12.5"`, `"0.000001"`), NUMERIC in PostgreSQL and decimal.js in code.
 */
export const DECIMAL_PATTERN = /^-?\d{1,30}(\.\d{1,18})?$/;

export const decimalString = z
  .string()
  .regex(DECIMAL_PATTERN, { message: 'validation.decimal' })
  .describe('A decimal number as a string, e.g. "12.50"');

/** Client state defaults of SPEC section 3. */
export const DEFAULT_CURRENCY = 'USDT';
export const DEFAULT_RATE = '1';
export const DEFAULT_PRECISION = 2;
