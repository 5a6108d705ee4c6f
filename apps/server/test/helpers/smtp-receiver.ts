import { EventEmitter, once } from 'node:events';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP receiver on 127.0.0.1 (smtp-server), for servers started as processes: it keeps
 * every mail it accepts, parsed, and lets a test wait for a count of them by event.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  /** The message as it arrived, for a test that parses more of it (HTML, headers). */
  raw: Buffer;
}

export async function startSmtpReceiver() {
  const received: ReceivedMail[] = [];
  const events = new EventEmitter();
  /** How many deliveries to refuse (451, try later) before accepting again. */
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', async () => {
        if (refusals > 0) {
          refusals--;
          callback(Object.assign(new Error('mailbox busy, try later'), { responseCode: 451 }));
          return;
        }
        const raw = Buffer.concat(chunks);
        const mail = await PostalMime.parse(raw);
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          subject: mail.subject ?? '',
          text: mail.text ?? '',
          raw,
        });
        callback();
        events.emit('mail');
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** Resolves once at least `count` mails arrived; rejects after `timeoutMs`. */
    async waitForCount(count: number, timeoutMs = 30_000): Promise<void> {
      const signal = AbortSignal.timeout(timeoutMs);
      while (received.length < count) await once(events, 'mail', { signal });
    },
    /** Refuse the next `count` deliveries with a temporary error. */
    refuseNext(count: number) {
      refusals = count;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
