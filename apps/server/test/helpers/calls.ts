import { desc } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { devOutbox } from '../../src/db/schema';
import { totpCode } from '../../src/modules/google/totp';

/**
 * Calls in each of the three encodings, and what a test reads back: the development outbox
 * (after the job worker has run), the code in a mail, a current Google code.
 */
export interface CallOptions {
  token?: string;
  lang?: string;
  ip?: string;
}

function headersOf(options: CallOptions): Record<string, string> {
  return {
    ...(options.token ? { 'x-auth-token': options.token } : {}),
    ...(options.lang ? { lang: options.lang } : {}),
  };
}

function send(app: FastifyInstance, request: InjectOptions, options: CallOptions) {
  return app.inject({ ...request, ...(options.ip ? { remoteAddress: options.ip } : {}) });
}

export function postForm(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  options: CallOptions = {},
) {
  return send(
    app,
    {
      method: 'POST',
      url: `/front${url}`,
      payload: new URLSearchParams(fields).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headersOf(options) },
    },
    options,
  );
}

export function postJson(app: FastifyInstance, url: string, body: unknown, options: CallOptions = {}) {
  return send(
    app,
    {
      method: 'POST',
      url: `/front${url}`,
      payload: JSON.stringify(body),
      headers: { 'content-type': 'application/json', ...headersOf(options) },
    },
    options,
  );
}

export function postMultipart(
  app: FastifyInstance,
  url: string,
  fields: Record<string, string>,
  options: CallOptions = {},
) {
  const boundary = 'tollgateTestBoundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return send(
    app,
    {
      method: 'POST',
      url: `/front${url}`,
      payload: `${parts.join('')}--${boundary}--\r\n`,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...headersOf(options) },
    },
    options,
  );
}

export function getAs(app: FastifyInstance, url: string, options: CallOptions = {}) {
  return send(app, { method: 'GET', url: `/front${url}`, headers: headersOf(options) }, options);
}

/** Every mail in the development outbox, newest first, once queued jobs have run. */
export async function readOutbox(app: FastifyInstance) {
  await app.jobs.drain();
  return app.db.select().from(devOutbox).orderBy(desc(devOutbox.id));
}

const codeIn = (text: string) => text.match(/^(\d{6})$/m)?.[1] ?? null;

/** The newest mail to `email`, and the 6-digit code in it if it holds one. */
export async function lastMailTo(app: FastifyInstance, email: string) {
  const mail = (await readOutbox(app)).find((row) => row.toAddress === email);
  if (!mail) throw new Error(`no mail to ${email}`);
  return { ...mail, code: codeIn(mail.text) };
}

/**
 * The code in the newest mail to `email` that holds one. Not simply the newest mail: the worker
 * sends several jobs at once, so a notice queued before the code (Google bound, say) can reach
 * the outbox after it.
 */
export async function codeMailedTo(app: FastifyInstance, email: string): Promise<string> {
  const mails = (await readOutbox(app)).filter((row) => row.toAddress === email);
  if (mails.length === 0) throw new Error(`no mail to ${email}`);
  const code = mails.map((row) => codeIn(row.text)).find((found) => found !== null);
  if (!code) throw new Error(`no mail to ${email} holds a code`);
  return code;
}

/** The Google code of `secret` at the app's current time (or `offsetSteps` steps away). */
export function googleCodeNow(app: FastifyInstance, secret: string, offsetSteps = 0): string {
  return totpCode(secret, new Date(app.now().getTime() + offsetSteps * 30_000));
}
