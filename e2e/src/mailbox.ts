import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import type { StoredMail } from './mail-server';
import { ENV } from './server-env';

/**
 * The test side of the SMTP receiver: waits for a mail to an address that arrived after a
 * given moment, decodes its MIME (subject, text, HTML) and reads the 6-digit code, which the
 * server's code mails put on a line of its own.
 */
export interface ReceivedMail {
  to: string[];
  receivedAt: number;
  subject: string;
  text: string;
  html: string;
}

const POLL_MS = 200;

export function mailDir(): string | undefined {
  return process.env[ENV.mailDir];
}

async function readMails(dir: string): Promise<ReceivedMail[]> {
  const files = readdirSync(dir).filter((file) => file.endsWith('.json'));
  return Promise.all(
    files.map(async (file) => {
      const stored = JSON.parse(readFileSync(join(dir, file), 'utf8')) as StoredMail;
      const parsed = await PostalMime.parse(stored.raw);
      return {
        to: stored.to,
        receivedAt: stored.receivedAt,
        subject: parsed.subject ?? '',
        text: parsed.text ?? '',
        html: parsed.html ?? '',
      };
    }),
  );
}

export interface MailQuery {
  to: string;
  /** Only mails that arrived at or after this time (ms), e.g. just before the click that sends. */
  since: number;
  /** Only mails with a code (skips notices such as "password changed"). */
  hasCode?: boolean;
  timeoutMs?: number;
}

export async function waitForMail({ to, since, hasCode = false, timeoutMs = 20_000 }: MailQuery) {
  const dir = mailDir();
  if (!dir) throw new Error(`${ENV.mailDir} is not set: global setup did not start the SMTP receiver`);
  const address = to.toLowerCase();
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const match = (await readMails(dir))
      .filter((mail) => mail.to.includes(address) && mail.receivedAt >= since)
      .filter((mail) => !hasCode || findCode(mail) !== undefined)
      .sort((a, b) => a.receivedAt - b.receivedAt)[0];
    if (match) return match;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  throw new Error(`no mail${hasCode ? ' with a code' : ''} to ${to} within ${timeoutMs} ms`);
}

export function findCode(mail: Pick<ReceivedMail, 'text'>): string | undefined {
  return /^\s*(\d{6})\s*$/m.exec(mail.text)?.[1];
}

/** Wait for the code mail to `to` and return its code. */
export async function waitForCode(to: string, since: number): Promise<string> {
  const mail = await waitForMail({ to, since, hasCode: true });
  const code = findCode(mail);
  if (!code) throw new Error(`the mail to ${to} has no code`);
  return code;
}
