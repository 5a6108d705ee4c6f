import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Config } from '../../config';
import type { Database } from '../../db/client';
import { devOutbox } from '../../db/schema';
import type { Clock } from '../../types';
import type { RenderedMail } from './mail-templates';
import { CODES_IN_LOG, formatUnsentMail } from './unsent-mail';

/**
 * Where mails go: SMTP (nodemailer, SMTP_URL, from MAIL_FROM), or without SMTP_URL nowhere
 * but this server's output and the dev_outbox table (shown by GET /dev/outbox outside
 * production). Then a log line (warn in production, info otherwise) says the mail was not
 * sent, without its content, and the mail is printed to stderr as a plain block with the code
 * on a line of its own (unsent-mail.ts): the zero-config way for a newcomer to log in.
 */
export interface OutgoingMail extends RenderedMail {
  to: string;
}

export const UNSENT_LINE = `mail NOT sent (SMTP_URL is not set), printed as plain text instead. ${CODES_IN_LOG}`;

const LEVEL_VALUES: Readonly<Record<string, number>> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
};

function isLevelEnabled(log: FastifyBaseLogger, level: 'info' | 'warn'): boolean {
  const current = Object.hasOwn(LEVEL_VALUES, log.level) ? LEVEL_VALUES[log.level] : undefined;
  return current !== undefined && current <= (LEVEL_VALUES[level] ?? 0);
}

export interface MailTransport {
  kind: 'smtp' | 'outbox';
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

export function createMailTransport(deps: {
  config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'nodeEnv'>;
  db: Database;
  now: Clock;
  log: FastifyBaseLogger;
  /** Where unsent mails are printed (default stderr: stdout stays one JSON line per entry). */
  print?: (block: string) => void;
}): MailTransport {
  const { config, db, now, log } = deps;
  const print = deps.print ?? ((block: string) => process.stderr.write(block));
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
      const level = config.nodeEnv === 'production' ? 'warn' : 'info';
      log[level]({ to: mail.to, subject: mail.subject }, UNSENT_LINE);
      // Printed only where the log line is, so LOG_LEVEL=silent (tests) prints nothing.
      if (isLevelEnabled(log, level)) print(formatUnsentMail(mail));
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
