/**
 * A language hint is client input: names of Object.prototype's members (`__proto__`,
 * `constructor`, in any case) in the `lang` header, `?langCode=` or a form `langCode` are
 * unknown languages like any other. Every route answers as usual, in zh_CN, and nothing is
 * logged as an error.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { form } from './helpers/factories';

const INDEX = '<!doctype html><html><body><div id="root"></div></body></html>';
const HOSTILE = ['__proto__', '__PROTO__', 'constructor', 'CONSTRUCTOR', 'toString', 'hasOwnProperty'];

let dist: string;
let app: FastifyInstance;
const lines: string[] = [];

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), 'tollgate-web-'));
  writeFileSync(join(dist, 'index.html'), INDEX);
  app = await buildTestApp({
    env: { WEB_DIST_DIR: dist, LOG_LEVEL: 'info' },
    logStream: { write: (line) => lines.push(line) },
  });
});
afterAll(async () => {
  await app.close();
  rmSync(dist, { recursive: true, force: true });
});

const errorLines = () => lines.filter((line) => (JSON.parse(line) as { level: number }).level >= 50);

/** The same call with a language hint placed where the client may put one. */
type Call = (hint: { header?: string; query?: string; body?: string }) => InjectOptions;

// Each login attempt of a case uses its own address and account, so that the lockouts and
// rate limits (whose messages read the same in every language) stay out of the way.
let caseNumber = 0;

const CALLS: Record<string, Call> = {
  'GET /health': ({ header, query }) => ({
    url: `/health${query === undefined ? '' : `?langCode=${encodeURIComponent(query)}`}`,
    headers: header === undefined ? {} : { lang: header },
  }),
  'GET /': ({ header, query }) => ({
    url: `/${query === undefined ? '' : `?langCode=${encodeURIComponent(query)}`}`,
    headers: { accept: 'text/html', ...(header === undefined ? {} : { lang: header }) },
  }),
  'GET /front/config/chainList': ({ header, query }) => ({
    url: `/front/config/chainList${query === undefined ? '' : `?langCode=${encodeURIComponent(query)}`}`,
    headers: header === undefined ? {} : { lang: header },
  }),
  'POST /front/login': ({ header, query, body }) => {
    const fields = form({
      email: `nobody-${caseNumber}@example.com`,
      password: 'Wrong2026pass',
      ...(body === undefined ? {} : { langCode: body }),
    });
    return {
      method: 'POST',
      url: `/front/login${query === undefined ? '' : `?langCode=${encodeURIComponent(query)}`}`,
      payload: fields.payload,
      headers: { ...fields.headers, ...(header === undefined ? {} : { lang: header }) },
      remoteAddress: `10.9.${Math.floor(caseNumber / 250)}.${caseNumber % 250}`,
    };
  },
};

describe.each(Object.entries(CALLS))('%s', (_name, call) => {
  const places = ['header', 'query', ...(_name.startsWith('POST') ? ['body'] : [])] as const;

  it.each(HOSTILE.flatMap((value) => places.map((place) => [place, value] as const)))(
    'with %s langCode %s answers as with no hint, in zh_CN',
    async (place, value) => {
      caseNumber += 1;
      const plain = await app.inject(call({}));
      const english = await app.inject(call({ [place]: 'en_US' }));
      const before = errorLines().length;
      const hostile = await app.inject(call({ [place]: value }));
      expect(hostile.statusCode).toBe(plain.statusCode);
      expect(hostile.statusCode).toBeLessThan(500);
      expect(hostile.body).toBe(plain.body);
      expect(errorLines().length).toBe(before);
      // The hint's place is read at all: a real language there changes an envelope's message.
      if (
        plain.headers['content-type']?.toString().startsWith('application/json') &&
        'code' in plain.json()
      ) {
        expect(english.json().message).not.toBe(plain.json().message);
      }
    },
  );
});
