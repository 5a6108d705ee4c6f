import { z } from 'zod';
import { DECIMAL_PATTERN } from './money';

/**
 * A decimal on the wire (SPEC: money is a decimal string), checked with the money module's
 * pattern. A value that fails it stops there (`abort`): refinements chained after it may parse
 * the text as a number, which throws on "ten" or "" (a 500 instead of the 1001 it is).
 */
export const decimalString = z
  .string()
  .regex(DECIMAL_PATTERN, { message: 'validation.decimal', abort: true })
  .describe('A decimal number as a string, e.g. "12.50"');
