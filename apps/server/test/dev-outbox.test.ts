/** Without SMTP_URL: mails go to the log and the development outbox, which production never serves. */
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { codeMailedTo, postForm } from './helpers/calls';

const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { LOG_LEVEL: 'info' }, logStream: { write: (line) => lines.push(line) } });
});
afterAll(() => app.close());

describe('development outbox', () => {
  it('lists mails newest first, as JSON and as a page, and logs them with the code', async () => {
    await postForm(app, '/reg/mail/code', { email: 'first@example.com' }, { lang: 'en_US' });
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

    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.to === 'second@example.com');
    expect(logged).toMatchObject({ level: 30, msg: 'mail (no SMTP_URL: dev outbox)' });
    expect(logged.text).toContain(code);
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
