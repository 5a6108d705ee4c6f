import { z } from 'zod';
import { fieldError } from './validation';

/** The /front response envelope: `code` 0 is success, `message` is in the request's language. */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({
    code: z.number().int(),
    data,
    message: z.string(),
  });
}

export type Envelope<T> = { code: number; data: T; message: string };

/**
 * The envelope of a failure: `data.errors` for validation failures (1001), `requestId` for a
 * server fault (500, to quote to support), and the facts of some refusals.
 */
export const errorEnvelope = z.object({
  code: z.number().int(),
  data: z
    .object({
      errors: z
        .array(fieldError)
        .optional()
        .describe(
          '1001: each field refused, with its message; 3001 of a payout: the item whose number is taken',
        ),
      orderNo: z
        .string()
        .optional()
        .describe('3001 of a payout: the existing payout that holds the merchantOrderNo'),
      requestId: z.string().optional().describe('500: the request id to quote to support'),
      needed: z.string().optional().describe('3201: the amount and fee needed (a decimal string)'),
      available: z.string().optional().describe('3201: the available balance (a decimal string)'),
      coinName: z.string().optional().describe('3201: the coin that does not fit (in a batch, of several)'),
      lockedUntil: z
        .string()
        .optional()
        .describe('3202: when withdrawals and payouts open again (ISO 8601, UTC)'),
      status: z.string().optional().describe("The withdrawal's status, when it is no longer pending review"),
      retryAfterSeconds: z
        .number()
        .int()
        .optional()
        .describe('1110: the whole seconds until a code can be sent again (also the Retry-After header)'),
    })
    .nullable(),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
