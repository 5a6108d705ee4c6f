import type { FastifyInstance } from 'fastify';
import { systemResolver } from '../modules/callbacks/address-guard';
import { CALLBACK_TIMEOUT_MS, closeCallbackClients } from '../modules/callbacks/callback-http';
import { createCallbackWorker } from '../modules/callbacks/callback-queue';
import { createExportExpireHandler, createExportRunHandler } from '../modules/exports/export.job';
import { EXPORT_EXPIRE_JOB, EXPORT_RUN_JOB } from '../modules/exports/export.service';
import { createMailJobHandler, MAIL_JOB } from '../modules/mail/mail.job';
import { createMailTransport } from '../modules/mail/mail-transport';
import { createNoticePublishHandler, NOTICE_PUBLISH_JOB } from '../modules/notice/notice-changes';
import { createSweepJobHandler } from '../modules/sweeps/run-sweep';
import { SWEEP_JOB } from '../modules/sweeps/sweep-sends';
import { createTelegramAlertHandler, TELEGRAM_JOB } from '../modules/telegram/telegram-alert.job';
import { createTelegramDeps, startTelegramBot } from '../modules/telegram/telegram-bot';
import { purgeCallbackLog } from './purge-callback-log';
import { purgeExpiredRows } from './purge-expired';
import { combineWorkers, createJobWorker } from './worker';

/**
 * The workers of this process, started once the app is ready and stopped on close: the job
 * worker (mails, Telegram alerts, exports, notices) and the callback worker (the callback
 * events, their own queue: modules/callbacks/callback-queue.ts), woken and drained together as
 * `app.jobs`. Mails go out over SMTP_URL, or without it to the log and the development outbox.
 * Several jobs and callbacks run at once, so a callback receiver that times out holds up one
 * slot, not the other merchants' callbacks, and a long export not the mails.
 */
const PURGE_EVERY_MS = 60 * 60_000;
/**
 * The callback POSTs in flight at once in this process: enough for a burst of callbacks to be
 * claimed and recorded in batches (the worker and callback-delivery.ts group their statements),
 * while a receiver that times out holds one. The worker runs twice as many attempts (the others
 * reading or recording in the database: modules/callbacks/callback-queue.ts).
 */
export const CONCURRENT_CALLBACKS = 128;
const CONCURRENT_JOBS = 32;

export function startJobs(app: FastifyInstance): void {
  const transport = createMailTransport({ config: app.config, db: app.db, now: app.now, log: app.log });
  const exportDeps = { db: app.db, now: app.now, dataDir: app.config.dataDir };
  const telegram = createTelegramDeps(app);
  app.decorate('telegram', telegram);
  const worker = createJobWorker({
    db: app.db,
    now: app.now,
    log: app.log,
    handlers: {
      [MAIL_JOB]: createMailJobHandler(transport),
      [TELEGRAM_JOB]: createTelegramAlertHandler(telegram),
      [EXPORT_RUN_JOB]: createExportRunHandler(exportDeps),
      [EXPORT_EXPIRE_JOB]: createExportExpireHandler(exportDeps),
      [NOTICE_PUBLISH_JOB]: createNoticePublishHandler({ db: app.db }),
      [SWEEP_JOB]: createSweepJobHandler({ db: app.db, now: app.now, log: app.log, chains: app.chains }),
    },
    concurrency: CONCURRENT_JOBS,
    maintenance: {
      everyMs: PURGE_EVERY_MS,
      run: async () => {
        await purgeExpiredRows(app.db, app.now());
        await purgeCallbackLog(app.db, app.now(), app.config.callbackLogRetentionDays);
      },
    },
  });
  const callbacks = createCallbackWorker({
    db: app.db,
    now: app.now,
    log: app.log,
    secrets: app.secrets,
    allowPrivate: app.config.allowPrivateCallbacks,
    resolve: systemResolver,
    timeoutMs: CALLBACK_TIMEOUT_MS,
    retryDelaysMs: app.config.callbackRetryDelaysMs,
    concurrency: CONCURRENT_CALLBACKS,
  });
  // Callbacks first: a callback given up may queue a job (its Telegram alert).
  const workers = combineWorkers(callbacks, worker);
  app.decorate('jobs', workers);
  app.addHook('onReady', async () => workers.start());
  // The Telegram bot's updates (/start <code>, /stop): long polling or the webhook.
  startTelegramBot(app, telegram);
  app.addHook('onClose', async () => {
    await transport.close();
    await closeCallbackClients();
  });
  if (app.config.allowPrivateCallbacks && app.config.nodeEnv === 'production') {
    // Also in the start banner and on the operator console's home (modules/ops/server-warnings.ts).
    app.log.warn('ALLOW_PRIVATE_CALLBACKS=1: callbacks may reach private and loopback addresses (SSRF)');
  }
  if (transport.kind === 'outbox' && app.config.nodeEnv === 'production') {
    app.log.warn('SMTP_URL is not set: mails go to the log only, and codes with them');
  }
}
