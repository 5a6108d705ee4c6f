import { z } from 'zod';
import { DECIMAL_PATTERN } from './money';

/** A decimal on the wire (SPEC: money is a decimal string), checked with the money module's pattern. */
export const decimalString = z
  .string()
  .regex(DECIMAL_PATTERN, { message: 'validation.decimal' })
  .describe('A decimal number as a string, e.g. "12.50"');
