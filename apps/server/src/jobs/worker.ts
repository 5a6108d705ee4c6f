import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Clock } from '../types';
import {
  claimDueJob,
  completeJob,
  DEFAULT_RETRY_POLICY,
  failJob,
  type JobRow,
  type RetryPolicy,
} from './queue';

/**
 * Runs due jobs in this process: every POLL_MS, and at once when woken (after a request
 * enqueued one, so a code mail leaves within a second). Up to `concurrency` jobs at a time
 * (default one), so that one slow receiver does not hold back every other job; stop() waits
 * for the jobs in hand, so closing the app never cuts a mail in half.
 */
export interface JobContext {
  id: number;
  /** This attempt's number, 1 for the first (a claim counts it, so a lost worker's try counts). */
  attempts: number;
  /** Whether a failure now gives the job up (its kind's attempts are spent). */
  lastAttempt: boolean;
  createdAt: Date;
}

export interface JobHandler {
  run(payload: unknown, context: JobContext): Promise<void>;
  /** What to keep of the payload once the job is over (secrets removed); default: all of it. */
  redact?(payload: unknown): unknown;
  /** This kind's own tries and waits; default: the queue's backoff (queue.ts DEFAULT_RETRY_POLICY). */
  retry?: RetryPolicy;
}

export interface JobWorker {
  start(): void;
  /** Run due jobs now (after an enqueue). */
  wake(): void;
  /** Resolves once no due job is left (tests, and the smoke run). */
  drain(): Promise<void>;
  stop(): Promise<void>;
}

const POLL_MS = 2_000;

export function createJobWorker(options: {
  db: Database;
  now: Clock;
  log: FastifyBaseLogger;
  handlers: Record<string, JobHandler>;
  pollMs?: number;
  /** How many jobs run at once in this process (default 1). */
  concurrency?: number;
  /** Housekeeping run at most once per `everyMs`, between jobs (purging old rows). */
  maintenance?: { everyMs: number; run(): Promise<void> };
}): JobWorker {
  const { db, now, log, handlers, pollMs = POLL_MS, concurrency = 1, maintenance } = options;
  let maintainedAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  const loops = new Set<Promise<void>>();
  let again = false;
  let stopped = true;

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    const policy = handler?.retry ?? DEFAULT_RETRY_POLICY;
    const context: JobContext = {
      id: job.id,
      attempts: job.attempts,
      lastAttempt: job.attempts >= policy.maxAttempts,
      createdAt: job.createdAt,
    };
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler.run(job.payload, context);
      await completeJob(db, job.id, now(), handler.redact?.(job.payload));
      log.info({ jobId: job.id, kind: job.kind }, 'job done');
    } catch (error) {
      const outcome = await failJob(db, job, error, now(), handler?.redact?.(job.payload), policy);
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, outcome, err: error }, 'job failed');
    }
  }

  async function runDueJobs(): Promise<void> {
    if (maintenance && now().getTime() - maintainedAt >= maintenance.everyMs) {
      maintainedAt = now().getTime();
      await maintenance.run();
    }
    for (let job = await claimDueJob(db, now()); job; job = await claimDueJob(db, now())) {
      // More may be due: let another loop claim the next one while this one runs.
      if (loops.size < concurrency) startLoop();
      await runJob(job);
      if (stopped) return;
    }
  }

  function schedule(): void {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(wake, pollMs).unref();
  }

  function startLoop(): void {
    const loop: Promise<void> = (async () => {
      do {
        again = false;
        await runDueJobs().catch((error: unknown) => log.error({ err: error }, 'job queue unavailable'));
      } while (again && !stopped);
    })().finally(() => {
      loops.delete(loop);
      if (loops.size === 0) schedule();
    });
    loops.add(loop);
  }

  function wake(): void {
    if (stopped) return;
    if (loops.size >= concurrency) {
      again = true;
      return;
    }
    startLoop();
  }

  async function settle(): Promise<void> {
    while (loops.size > 0) await Promise.all([...loops]);
  }

  return {
    start() {
      stopped = false;
      wake();
    },
    wake,
    async drain() {
      wake();
      await settle();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await settle();
    },
  };
}
