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

/** The envelope of a failure; `data.errors` is present for validation failures. */
export const errorEnvelope = z.object({
  code: z.number().int(),
  data: z.object({ errors: z.array(fieldError).optional(), requestId: z.string().optional() }).nullable(),
  message: z.string(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;
