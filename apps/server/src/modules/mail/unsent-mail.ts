import type { Config } from '../../config';
import type { OutgoingMail } from './mail-transport';

/**
 * What a person reading the server's output sees while SMTP_URL is unset: the start banner
 * says that mail is not being sent, and every mail is printed as a plain block, so that a
 * newcomer can log in with the code (it stands on a line of its own) whether the log is
 * pretty-printed on a terminal or piped as JSON. The JSON log line itself never holds the code.
 */
export const NOT_SENT = 'Mail is NOT being sent: SMTP_URL is not set.';
export const CODES_IN_LOG = 'Login and reset codes appear in this log until SMTP_URL is set.';

/** The banner lines for server.ts; none when mail goes out over SMTP. */
export function describeMailDelivery(config: Pick<Config, 'smtpUrl' | 'nodeEnv' | 'publicUrl'>): string[] {
  if (config.smtpUrl) return [];
  const outbox =
    config.nodeEnv === 'development' ? [`Mails are also listed at ${config.publicUrl}/dev/outbox`] : [];
  return [NOT_SENT, CODES_IN_LOG, ...outbox];
}

/** The block printed for one mail: headers, then its text as the recipient would read it. */
export function formatUnsentMail(mail: Pick<OutgoingMail, 'to' | 'subject' | 'text'>): string {
  const rule = '-'.repeat(72);
  return [
    rule,
    `${NOT_SENT} ${CODES_IN_LOG}`,
    `To: ${mail.to}`,
    `Subject: ${mail.subject}`,
    '',
    mail.text,
    rule,
    '',
  ].join('\n');
}
