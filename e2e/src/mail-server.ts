import { randomUUID } from 'node:crypto';
import { mkdirSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP receiver for the flows (runs in the Playwright runner process, started by global
 * setup). Plain SMTP on 127.0.0.1, no STARTTLS offered and no AUTH, so nodemailer on the
 * server sends with `SMTP_URL=smtp://127.0.0.1:<port>` as it would to any relay. Every mail
 * is written as one JSON file (envelope recipients, arrival time, raw MIME) into `dir`, which
 * the test workers (other processes) read with `mailbox.ts`.
 */
export interface StoredMail {
  to: string[];
  receivedAt: number;
  raw: string;
}

export interface MailServer {
  port: number;
  close(): Promise<void>;
}

export async function startMailServer(dir: string): Promise<MailServer> {
  mkdirSync(dir, { recursive: true });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 1024 * 1024,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', callback);
      stream.on('end', () => {
        const mail: StoredMail = {
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
          receivedAt: Date.now(),
          raw: Buffer.concat(chunks).toString('utf8'),
        };
        // Written under a temporary name, then renamed: readers only pick up *.json, so they
        // never parse a half-written file.
        const name = join(dir, `${mail.receivedAt}-${randomUUID()}`);
        writeFileSync(`${name}.tmp`, JSON.stringify(mail));
        renameSync(`${name}.tmp`, `${name}.json`);
        callback();
      });
    },
  });
  const port = await new Promise<number>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('the SMTP receiver has no port'));
    });
  });
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
