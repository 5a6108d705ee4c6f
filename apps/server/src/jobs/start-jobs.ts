import type { FastifyInstance } from 'fastify';
import { systemResolver } from '../modules/callbacks/address-guard';
import { createCallbackJobHandler } from '../modules/callbacks/callback.job';
import { CALLBACK_JOB } from '../modules/callbacks/callback-events';
import { CALLBACK_TIMEOUT_MS, closeCallbackClients } from '../modules/callbacks/callback-http';
import { createExportExpireHandler, createExportRunHandler } from '../modules/exports/export.job';
import { EXPORT_EXPIRE_JOB, EXPORT_RUN_JOB } from '../modules/exports/export.service';
import { createMailJobHandler, MAIL_JOB } from '../modules/mail/mail.job';
import { createMailTransport } from '../modules/mail/mail-transport';
import { createNoticePublishHandler, NOTICE_PUBLISH_JOB } from '../modules/notice/notice-changes';
import { startCollectionWatcher } from '../modules/orders/start-watcher';
import { createTelegramAlertHandler, TELEGRAM_JOB } from '../modules/telegram/telegram-alert.job';
import { createTelegramDeps, startTelegramBot } from '../modules/telegram/telegram-bot';
import { purgeExpiredRows } from './purge-expired';
import { createJobWorker } from './worker';

/**
 * The job worker of this process (mails, callbacks), started once the app is ready and stopped
 * on close. Mails go out over SMTP_URL, or without it to the log and the development outbox.
 * Several jobs run at once, so a callback receiver that times out holds up one slot, not the
 * mails and other merchants' callbacks.
 */
const PURGE_EVERY_MS = 60 * 60_000;
/**
 * Enough slots for a burst of callbacks to be claimed, read and recorded in batches (the worker
 * and callback-delivery.ts group their statements), while a receiver that times out holds one.
 */
export const CONCURRENT_JOBS = 128;

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
      [CALLBACK_JOB]: createCallbackJobHandler({
        db: app.db,
        now: app.now,
        secrets: app.secrets,
        allowPrivate: app.config.allowPrivateCallbacks,
        resolve: systemResolver,
        timeoutMs: CALLBACK_TIMEOUT_MS,
        retryDelaysMs: app.config.callbackRetryDelaysMs,
      }),
      [EXPORT_RUN_JOB]: createExportRunHandler(exportDeps),
      [EXPORT_EXPIRE_JOB]: createExportExpireHandler(exportDeps),
      [NOTICE_PUBLISH_JOB]: createNoticePublishHandler({ db: app.db }),
    },
    concurrency: CONCURRENT_JOBS,
    maintenance: { everyMs: PURGE_EVERY_MS, run: () => purgeExpiredRows(app.db, app.now()) },
  });
  app.decorate('jobs', worker);
  app.addHook('onReady', async () => worker.start());
  // The collection watcher: chain payments to orders, expiry (its events wake the worker).
  startCollectionWatcher(app);
  // The Telegram bot's updates (/start <code>, /stop): long polling or the webhook.
  startTelegramBot(app, telegram);
  app.addHook('onClose', async () => {
    await transport.close();
    await closeCallbackClients();
  });
  if (app.config.allowPrivateCallbacks && app.config.nodeEnv === 'production') {
    app.log.warn('ALLOW_PRIVATE_CALLBACKS=1: callbacks may reach private and loopback addresses (SSRF)');
  }
  if (transport.kind === 'outbox' && app.config.nodeEnv === 'production') {
    app.log.warn('SMTP_URL is not set: mails go to the log only, and codes with them');
  }
}
