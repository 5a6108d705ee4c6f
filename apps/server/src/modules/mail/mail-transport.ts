import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { Clock } from '../../types';
import type { RenderedMail } from './mail-templates';

/**
 * Where mails go: SMTP (nodemailer, SMTP_URL, from MAIL_FROM), or without SMTP_URL the log
 * (at info, code visible: the development default) and the dev_outbox table, which
 * GET /dev/outbox shows outside production.
 */
export interface OutgoingMail extends RenderedMail {
  to: string;
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(deps: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom'>;
  db: Database;
  now: Clock;
  log: FastifyBaseLogger;
}): MailTransport {
  const { config, db, now, log } = deps;
  if (config.smtpUrl) {
    const transporter = nodemailer.createTransport(config.smtpUrl);
    return {
      kind: 'smtp',
      async send(mail) {
        await transporter.sendMail({ from: config.mailFrom, ...mail });
      },
      close: () => transporter.close(),
    };
  }
  return {
    kind: 'outbox',
    async send(mail) {
      log.info({ to: mail.to, subject: mail.subject, text: mail.text }, 'mail (no SMTP_URL: dev outbox)');
      await db.insert(devOutbox).values({
        toAddress: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        createdAt: now(),
      });
    },
    close: () => {},
  };
}
