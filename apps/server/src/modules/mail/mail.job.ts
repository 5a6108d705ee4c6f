import { LANGUAGES } from '@tollgate/contracts';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { CODE_TEMPLATES, type MailContent, NOTICE_TEMPLATES, renderMail } from './mail-templates';
import type { MailTransport } from './mail-transport';

/**
 * The `mail` job: who, in which language, which template with which values. Rendered when it
 * runs, so a retry sends the same mail. Once it is out (or given up), the code is scrubbed
 * from the stored payload: only the hash in email_codes outlives the delivery.
 */
export const MAIL_JOB = 'mail';

const payloadSchema = z.object({
  to: z.string(),
  lang: z.enum(LANGUAGES),
  content: z.discriminatedUnion('template', [
    z.object({ template: z.enum(CODE_TEMPLATES), code: z.string(), minutes: z.number() }),
    z.object({ template: z.enum(NOTICE_TEMPLATES), email: z.string(), at: z.string() }),
    z.object({
      template: z.literal('passwordLoginPaused'),
      email: z.string(),
      until: z.string(),
      failures: z.number().int(),
    }),
  ]),
});
export type MailJobPayload = z.infer<typeof payloadSchema>;

/** Call inside the transaction of the change the mail follows from; wake the worker after it commits. */
export function enqueueMail(db: Executor, payload: MailJobPayload, now: Date): Promise<void> {
  return enqueueJob(db, MAIL_JOB, payload, now);
}

export function createMailJobHandler(transport: MailTransport): JobHandler {
  return {
    async run(payload) {
      const { to, lang, content } = payloadSchema.parse(payload);
      await transport.send({ to, ...renderMail(lang, content as MailContent) });
    },
    redact(payload) {
      const parsed = payloadSchema.safeParse(payload);
      if (!parsed.success || !('code' in parsed.data.content)) return payload;
      return { ...parsed.data, content: { ...parsed.data.content, code: '[sent]' } };
    },
  };
}
