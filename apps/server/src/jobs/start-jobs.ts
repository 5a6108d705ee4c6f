import type { FastifyInstance } from 'fastify';
import { createMailJobHandler, MAIL_JOB } from '../modules/mail/mail.job';
import { createMailTransport } from '../modules/mail/mail-transport';
import { purgeExpiredRows } from './purge-expired';
import { createJobWorker } from './worker';

/**
 * The job worker of this process (mails), started once the app is ready and stopped on
 * close. Mails go out over SMTP_URL, or without it to the log and the development outbox.
 */
const PURGE_EVERY_MS = 60 * 60_000;

export function startJobs(app: FastifyInstance): void {
  const transport = createMailTransport({ config: app.config, db: app.db, now: app.now, log: app.log });
  const worker = createJobWorker({
    db: app.db,
    now: app.now,
    log: app.log,
    handlers: { [MAIL_JOB]: createMailJobHandler(transport) },
    maintenance: { everyMs: PURGE_EVERY_MS, run: () => purgeExpiredRows(app.db, app.now()) },
  });
  app.decorate('jobs', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('onClose', async () => transport.close());
  if (transport.kind === 'outbox' && app.config.nodeEnv === 'production') {
    app.log.warn('SMTP_URL is not set: mails go to the log only, and codes with them');
  }
}
