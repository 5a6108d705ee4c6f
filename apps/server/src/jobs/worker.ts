import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Clock } from '../types';
import { claimDueJob, completeJob, failJob, type JobRow } from './queue';

/**
 * Runs due jobs in this process: every POLL_MS, and at once when woken (after a request
 * enqueued one, so a code mail leaves within a second). One loop at a time; stop() waits for
 * the job in hand, so closing the app never cuts a mail in half.
 */
export interface JobHandler {
  run(payload: unknown): Promise<void>;
  /** What to keep of the payload once the job is over (secrets removed); default: all of it. */
  redact?(payload: unknown): unknown;
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
  /** Housekeeping run at most once per `everyMs`, between jobs (purging old rows). */
  maintenance?: { everyMs: number; run(): Promise<void> };
}): JobWorker {
  const { db, now, log, handlers, pollMs = POLL_MS, maintenance } = options;
  let maintainedAt = Number.NEGATIVE_INFINITY;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | null = null;
  let again = false;
  let stopped = true;

  async function runJob(job: JobRow): Promise<void> {
    const handler = handlers[job.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      await handler.run(job.payload);
      await completeJob(db, job.id, now(), handler.redact?.(job.payload));
      log.info({ jobId: job.id, kind: job.kind }, 'job done');
    } catch (error) {
      const outcome = await failJob(db, job, error, now(), handler?.redact?.(job.payload));
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, outcome, err: error }, 'job failed');
    }
  }

  async function runDueJobs(): Promise<void> {
    if (maintenance && now().getTime() - maintainedAt >= maintenance.everyMs) {
      maintainedAt = now().getTime();
      await maintenance.run();
    }
    for (let job = await claimDueJob(db, now()); job; job = await claimDueJob(db, now())) {
      await runJob(job);
      if (stopped) return;
    }
  }

  function schedule(): void {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(wake, pollMs).unref();
  }

  function wake(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await runDueJobs().catch((error: unknown) => log.error({ err: error }, 'job queue unavailable'));
      } while (again && !stopped);
    })().finally(() => {
      running = null;
      schedule();
    });
  }

  return {
    start() {
      stopped = false;
      wake();
    },
    wake,
    async drain() {
      wake();
      while (running) await running;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      while (running) await running;
    },
  };
}
