import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import type { Clock } from '../types';
import {
  type ClaimedJob,
  claimDueJobs,
  completeJob,
  DEFAULT_RETRY_POLICY,
  failJob,
  type RetryPolicy,
} from './queue';

/**
 * Runs due jobs in this process: every POLL_MS, and at once when woken (after a request
 * enqueued one, so a code mail leaves within a second). Up to `concurrency` jobs at a time, so
 * that one slow receiver does not hold back every other job. Free slots are filled in one claim
 * (queue.ts claimDueJobs): under load, the jobs that finished while a claim was on its way are
 * replaced together, one round trip for many. stop() waits for the jobs in hand, so closing the
 * app never cuts a mail in half.
 */
export interface JobContext {
  id: number;
  /** This attempt's number, 1 for the first (a claim counts it, so a lost worker's try counts). */
  attempts: number;
  /** Whether a failure now gives the job up (its kind's attempts are spent). */
  lastAttempt: boolean;
  /** When a failure now would be tried again (null on the last attempt), by the kind's policy. */
  retryAt: Date | null;
  createdAt: Date;
}

/**
 * What a handler that wrote its job's outcome itself (in the statement that recorded its work,
 * one round trip instead of two) tells the worker: done, to be retried, or given up.
 */
export interface JobSettled {
  settled: 'done' | 'retry' | 'given-up';
  error?: string;
}

export interface JobHandler {
  /** Resolves when done (the worker completes the job), throws on failure (the worker fails it). */
  // biome-ignore lint/suspicious/noConfusingVoidType: most handlers are `async` functions that return nothing
  run(payload: unknown, context: JobContext): Promise<void | JobSettled>;
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
  /** Housekeeping run at most once per `everyMs`, between claims (purging old rows). */
  maintenance?: { everyMs: number; run(): Promise<void> };
}): JobWorker {
  const { db, now, log, handlers } = options;

  async function runJob(job: ClaimedJob): Promise<void> {
    const handler = handlers[job.kind];
    const policy = handler?.retry ?? DEFAULT_RETRY_POLICY;
    const lastAttempt = job.attempts >= policy.maxAttempts;
    const context: JobContext = {
      id: job.id,
      attempts: job.attempts,
      lastAttempt,
      retryAt: lastAttempt ? null : new Date(now().getTime() + policy.delayMs(job.attempts)),
      createdAt: job.createdAt,
    };
    try {
      if (!handler) throw new Error(`no handler for job kind "${job.kind}"`);
      const settled = await handler.run(job.payload, context);
      if (settled && settled.settled !== 'done') {
        const { attempts } = job;
        log.warn(
          { jobId: job.id, kind: job.kind, attempts, outcome: settled.settled, err: settled.error },
          'job failed',
        );
        return;
      }
      if (!settled) await completeJob(db, job.id, now(), handler.redact?.(job.payload));
      log.info({ jobId: job.id, kind: job.kind }, 'job done');
    } catch (error) {
      const outcome = await failJob(db, job, error, now(), handler?.redact?.(job.payload), policy);
      log.warn({ jobId: job.id, kind: job.kind, attempts: job.attempts, outcome, err: error }, 'job failed');
    }
  }

  return createClaimLoop({
    ...options,
    claim: (limit) => claimDueJobs(db, now(), limit),
    run: runJob,
    describe: (job) => ({ jobId: job.id }),
  });
}

/**
 * The loop every leased queue runs in a process (the jobs here, the callback events in
 * modules/callbacks/callback-queue.ts): claim up to the free slots in one statement, run each
 * claimed item in a slot of its own (`concurrency` at once), claim again once half the slots are
 * free, look again every `pollMs` and when woken. `run` settles its item itself (and should not
 * throw: a throw is logged as the queue being unavailable). Items a claim brings back after the
 * worker was told to stop are handed to `release` (due again at once, for another node or the
 * next start), or run if there is none.
 */
export function createClaimLoop<T>(options: {
  now: Clock;
  log: FastifyBaseLogger;
  claim(limit: number): Promise<T[]>;
  run(item: T): Promise<void>;
  /** What the log says of an item whose run threw. */
  describe?(item: T): Record<string, unknown>;
  pollMs?: number;
  concurrency?: number;
  /** Gives back claimed items that were never started (the worker stops). */
  release?(items: T[]): Promise<void>;
  maintenance?: { everyMs: number; run(): Promise<void> };
}): JobWorker {
  const { now, log, pollMs = POLL_MS, concurrency = 1, maintenance } = options;
  let maintainedAt = Number.NEGATIVE_INFINITY;
  const refillAt = Math.max(1, Math.floor(concurrency / 2));
  let timer: NodeJS.Timeout | undefined;
  const running = new Set<Promise<void>>();
  /** Claimed as the worker stopped, not started. */
  let unstarted: T[] = [];
  let claiming: Promise<void> | undefined;
  /** Asked to look again (a wake, a finished item) while a claim was on its way. */
  let again = false;
  let stopped = true;

  function track(item: T): void {
    const done: Promise<void> = options
      .run(item)
      .catch((error: unknown) =>
        log.error({ err: error, ...options.describe?.(item) }, 'job queue unavailable'),
      )
      .finally(() => {
        running.delete(done);
        // Claimed together once half the slots are free (one claim for many), or at once when
        // none runs (a failed item may be due again at once: a zero retry delay).
        if (running.size === 0 || concurrency - running.size >= refillAt) claim();
      });
    running.add(done);
  }

  /** Fill the free slots with due items, as long as there are some. */
  async function claimDue(): Promise<void> {
    if (maintenance && now().getTime() - maintainedAt >= maintenance.everyMs) {
      maintainedAt = now().getTime();
      await maintenance.run();
    }
    again = false;
    while (!stopped) {
      const free = concurrency - running.size;
      if (free <= 0) return; // each finishing item claims again
      const claimed = await options.claim(free);
      if (stopped) {
        unstarted = claimed; // stop() gives them back
        return;
      }
      for (const item of claimed) track(item);
      if (claimed.length < free && !again) return;
      again = false;
    }
  }

  function claim(): void {
    if (stopped) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = claimDue()
      .catch((error: unknown) => log.error({ err: error }, 'job queue unavailable'))
      .finally(() => {
        claiming = undefined;
        schedule();
      });
  }

  function schedule(): void {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(claim, pollMs).unref();
  }

  async function settle(): Promise<void> {
    while (claiming || running.size > 0) await Promise.all([claiming, ...running]);
  }

  return {
    start() {
      stopped = false;
      claim();
    },
    wake: claim,
    async drain() {
      claim();
      await settle();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await claiming;
      const waiting = unstarted;
      unstarted = [];
      if (waiting.length > 0) {
        if (options.release) {
          await options
            .release(waiting)
            .catch((error: unknown) => log.error({ err: error }, 'job queue unavailable'));
        } else {
          for (const item of waiting) track(item);
        }
      }
      await settle();
    },
  };
}

/** Several workers as one (the jobs and the callbacks): started, woken, drained and stopped together. */
export function combineWorkers(...workers: JobWorker[]): JobWorker {
  return {
    start() {
      for (const worker of workers) worker.start();
    },
    wake() {
      for (const worker of workers) worker.wake();
    },
    async drain() {
      // In the order given, twice: a callback's record may queue a job (a Telegram alert).
      for (let pass = 0; pass < 2; pass++) for (const worker of workers) await worker.drain();
    },
    async stop() {
      await Promise.all(workers.map((worker) => worker.stop()));
    },
  };
}
