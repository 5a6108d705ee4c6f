import { z } from 'zod';
import { scheduledRetryPolicy } from '../../jobs/queue';
import type { JobHandler } from '../../jobs/worker';
import { acknowledgedAfter, attemptCallback, type CallbackDeliveryDeps } from './callback-delivery';

/**
 * The `callback` job: one attempt of an event per run, on the callback schedule (15 s … 24 h,
 * or CALLBACK_RETRY_DELAYS), then given up. The job's lease (jobs/queue.ts, longer than the
 * 10 s timeout) means a worker that dies mid-delivery loses nothing and no two workers send the
 * same event at once. `after`: the event's attempt count when this job was queued (0 for the
 * first job, the count at a resend), so a job whose success was recorded just before its
 * worker died is not sent again when the lease ends. An attempt's record settles its job in the
 * same statement (callback-delivery.ts), so the worker has nothing left to write.
 */
const payloadSchema = z.object({ eventId: z.string(), after: z.number().int().min(0).optional() });

export function createCallbackJobHandler(
  deps: CallbackDeliveryDeps & { retryDelaysMs: readonly number[] },
): JobHandler {
  return {
    retry: scheduledRetryPolicy(deps.retryDelaysMs),
    async run(payload, context) {
      const { eventId, after = 0 } = payloadSchema.parse(payload);
      if (context.attempts > 1 && (await acknowledgedAfter(deps.db, eventId, after))) return;
      const attempt = await attemptCallback(deps, eventId, {
        lastAttempt: context.lastAttempt,
        job: { id: context.id, retryAt: context.retryAt },
      });
      // The attempt's record settled the job (done, to retry, or given up) in the same statement.
      if (!attempt) return;
      if (attempt.outcome !== 'failed') return { settled: 'done' };
      return { settled: context.retryAt ? 'retry' : 'given-up', error: attempt.error ?? 'not acknowledged' };
    },
  };
}
