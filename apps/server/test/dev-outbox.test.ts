/** Without SMTP_URL: mails go to the log and the development outbox, which production never serves. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { UNSENT_LINE } from '../src/modules/mail/mail-transport';
import { buildTestApp } from './helpers/build-test-app';
import { codeMailedTo, postForm } from './helpers/calls';

const lines: string[] = [];
/** What the log transport prints to stderr: the mails, as plain text. */
const printed: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  vi.spyOn(process.stderr, 'write').mockImplementation((chunk) => {
    printed.push(String(chunk));
    return true;
  });
  app = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
});
afterAll(async () => {
  await app.close();
  vi.restoreAllMocks();
});

describe('development outbox', () => {
  it('lists mails newest first, as JSON and as a page, and prints them with the code', async () => {
    await postForm(app, '/reg/mail/code', { email: 'first@example.com' }, { lang: 'en_US' });
    // Mailed before the second is asked for: two mail jobs running at once may end in either order.
    await codeMailedTo(app, 'first@example.com');
    await postForm(app, '/reg/mail/code', { email: 'second@example.com' }, { lang: 'en_US' });
    const code = await codeMailedTo(app, 'second@example.com');

    const json = await app.inject({ url: '/dev/outbox.json' });
    expect(json.statusCode).toBe(200);
    const mails = json.json();
    expect(mails.map((m: { to: string }) => m.to)).toEqual(['second@example.com', 'first@example.com']);
    expect(mails[0]).toMatchObject({
      subject: 'Your Tollgate registration code',
      text: expect.stringContaining(code),
    });

    const page = await app.inject({ url: '/dev/outbox' });
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.body.indexOf('second@example.com')).toBeLessThan(page.body.indexOf('first@example.com'));
    expect(page.body).toContain(code);

    // The JSON log line says the mail was not sent, and never holds the code...
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.to === 'second@example.com');
    expect(logged).toMatchObject({ level: 30, msg: UNSENT_LINE, subject: 'Your Tollgate registration code' });
    expect(lines.join('')).not.toContain(code);
    // ...the mail is printed as plain text, with the code on a line of its own.
    const block = printed.find((text) => text.includes('To: second@example.com')) ?? '';
    expect(block.split('\n')).toContain(code);
  });
});

describe('in production', () => {
  it('does not exist', async () => {
    const production = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const url of ['/dev/outbox.json', '/dev/outbox']) {
        const response = await production.inject({ url, headers: { lang: 'en_US' } });
        expect(response.statusCode).toBe(404);
        expect(response.json().code).toBe(404);
      }
      // Mails still go out (to the log); only the page is gone.
      expect((await postForm(production, '/reg/mail/code', { email: 'prod@example.com' })).json().code).toBe(
        0,
      );
    } finally {
      await production.close();
    }
  });
});
