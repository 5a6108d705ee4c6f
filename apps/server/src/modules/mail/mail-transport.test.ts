import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/client';
import { renderMail } from './mail-templates';
import { createMailTransport } from './mail-transport';
import { CODES_IN_LOG, describeMailDelivery, NOT_SENT } from './unsent-mail';

/** The log transport (no SMTP_URL): what a person reading the server's output gets. */
function fakeLog(level: string) {
  const lines: { level: string; args: unknown[] }[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      lines.push({ level: name, args });
  const log = { level, info: record('info'), warn: record('warn') } as unknown as FastifyBaseLogger;
  return { log, lines };
}
const inserted: unknown[] = [];
const db = { insert: () => ({ values: async (row: unknown) => inserted.push(row) }) } as unknown as Database;
const mail = {
  to: 'ana@shop.dev',
  ...renderMail('en_US', { template: 'loginCode', code: '042917', minutes: 10 }),
};

function transport(nodeEnv: 'production' | 'development', level: string) {
  const { log, lines } = fakeLog(level);
  const printed: string[] = [];
  const sender = createMailTransport({
    config: { smtpUrl: undefined, mailFrom: 'x@y.z', nodeEnv },
    db,
    now: () => new Date(),
    log,
    print: (block) => printed.push(block),
  });
  return { sender, lines, printed };
}

describe('mail without SMTP_URL', () => {
  it('logs a warning in production that says so, without the code', async () => {
    const { sender, lines } = transport('production', 'info');
    await sender.send(mail);
    expect(lines).toHaveLength(1);
    expect(lines[0]?.level).toBe('warn');
    const [fields, message] = lines[0]?.args ?? [];
    expect(message).toContain('NOT sent');
    expect(message).toContain('until SMTP_URL is set');
    expect(fields).toEqual({ to: 'ana@shop.dev', subject: 'Your Tollgate login code' });
    expect(JSON.stringify(lines)).not.toContain('042917');
  });

  it('prints the mail as plain text, the code on a line of its own', async () => {
    const { sender, printed } = transport('production', 'info');
    await sender.send(mail);
    expect(printed).toHaveLength(1);
    const block = printed[0] ?? '';
    expect(block.split('\n')).toContain('042917');
    expect(block).toContain(NOT_SENT);
    expect(block).toContain(CODES_IN_LOG);
    expect(block).toContain('To: ana@shop.dev');
    expect(block).toContain('Subject: Your Tollgate login code');
    // Still kept for the development outbox page.
    expect(inserted.at(-1)).toMatchObject({ toAddress: 'ana@shop.dev', text: mail.text });
  });

  it('logs at info in development, and prints nothing where its line is not logged', async () => {
    const development = transport('development', 'info');
    await development.sender.send(mail);
    expect(development.lines[0]?.level).toBe('info');
    expect(development.printed).toHaveLength(1);
    for (const [nodeEnv, level] of [
      ['development', 'warn'],
      ['production', 'error'],
      ['production', 'silent'],
    ] as const) {
      const quiet = transport(nodeEnv, level);
      await quiet.sender.send(mail);
      expect(quiet.printed).toEqual([]);
    }
  });
});

describe('the start banner', () => {
  it('says that mail is not sent and where codes go, until SMTP_URL is set', () => {
    const base = { publicUrl: 'http://localhost:8080', smtpUrl: undefined };
    expect(describeMailDelivery({ ...base, nodeEnv: 'production' })).toEqual([NOT_SENT, CODES_IN_LOG]);
    expect(describeMailDelivery({ ...base, nodeEnv: 'development' })).toEqual([
      NOT_SENT,
      CODES_IN_LOG,
      'Mails are also listed at http://localhost:8080/dev/outbox',
    ]);
    expect(describeMailDelivery({ ...base, smtpUrl: 'smtp://mail:25', nodeEnv: 'production' })).toEqual([]);
  });
});
