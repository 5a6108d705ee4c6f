import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import {
  apiEndpoints,
  COLLECTION_STATUS_VALUES,
  LANGUAGES,
  ORDER_EXCEPTION_VALUES,
  PAYOUT_STATUS_VALUES,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CALLBACK_EVENT_TYPES } from '../src/db/schema';
import { englishTexts, type OpenApiDocument, readOperations } from '../src/modules/api-docs/api-docs-model';
import { docsText, findSchemaText } from '../src/modules/api-docs/api-docs-text';
import { computeSignature, signingPayload } from '../src/modules/merchant-api/signature';
import { SIGNATURE_EXAMPLE, SIGNATURE_EXAMPLE_STRING } from '../src/modules/merchant-api/signature-example';
import { buildTestApp } from './helpers/build-test-app';

/**
 * The API documentation at /docs/api: public, in each language, every /api/v1 call of contracts
 * with its fields as the OpenAPI document has them, every text translated (its published
 * callback checks are run by test/callback-verify-samples.test.ts).
 */
let app: FastifyInstance;
let operations: ReturnType<typeof readOperations>;
beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_URL: 'https://pay.example.com' } });
  await app.ready();
  operations = readOperations(app.swagger() as unknown as OpenApiDocument);
});
afterAll(async () => {
  await app.close();
});

const run = promisify(execFile);
const decodeHtml = (html: string) =>
  html.replace(/&#(\d+);/g, (_whole, code: string) => String.fromCharCode(Number(code)));
/** Text as the page writes it: escaped, with `code` spans. */
const inlineHtml = (text: string) =>
  text
    .replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`)
    .replace(/`([^`]+)`/g, (_whole, code: string) => `<code>${code}</code>`);

const page = (url: string, headers: Record<string, string> = {}) => app.inject({ url, headers });

/** The keys of a nested object, as dotted paths (arrays by index). */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (value === null || typeof value !== 'object') return [prefix];
  return Object.entries(value).flatMap(([key, child]) => keyPaths(child, `${prefix}${key}.`));
}

describe('GET /api-docs/json', () => {
  it("gives the examples this server's PUBLIC_URL, as /docs/api does", async () => {
    const served = (await page('/api-docs/json')).body;
    expect(served).not.toContain('http://localhost:8080');
    expect(served).toContain("BASE_URL='https://pay.example.com'");
    expect(served).toContain("const BASE_URL = 'https://pay.example.com';");
    // The rest of the document is the app's own.
    const document = JSON.parse(served);
    expect(Object.keys(document.paths)).toEqual(Object.keys((app.swagger() as { paths: object }).paths));
  });
});

describe('the epusdt section of /docs/api', () => {
  it("names each plugin's fields with this server's URLs, in each language", async () => {
    const base = 'https://pay.example.com/epusdt/{APPID}';
    for (const lang of LANGUAGES) {
      const html = (await page(`/docs/api?lang=${lang}`)).body;
      const section = html.slice(html.indexOf('<section id="epusdt">'));
      const text = docsText(lang).epusdt;
      // dujiaoka and v2board take the full create-transaction URL, the others the base URL.
      expect(section, lang).toContain(`<code>${base}/api/v1/order/create-transaction</code>`);
      expect(section).toContain('商户密钥 (merchant_pem)');
      expect(section).toContain(`<code>${base}/</code>`);
      expect(section).toContain(`<th scope="col">${text.system}</th>`);
      expect(section).toContain('<code>notify_url</code>');
    }
  });
});

describe('GET /docs/api', () => {
  it('is public, in each language, with a switcher, a table of contents and every call', async () => {
    const titles = new Set<string>();
    for (const lang of LANGUAGES) {
      const response = await page(`/docs/api?lang=${lang}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('text/html');
      const html = response.body;
      expect(html).toContain(`<h1>${docsText(lang).page.title}</h1>`);
      titles.add(docsText(lang).page.title);
      for (const other of LANGUAGES) expect(html).toContain(`href="?lang=${other}"`);
      expect(html).toContain('aria-labelledby="toc-title"');
      for (const operationId of Object.keys(apiEndpoints)) {
        expect(html, `${lang} ${operationId}`).toContain(`id="op-${operationId}"`);
        expect(html).toContain(`href="#op-${operationId}"`);
      }
      // The base URL is this server's, in the text and in the examples.
      expect(html).toContain('https://pay.example.com/api/v1');
      expect(html).not.toContain('http://localhost:8080');
      // The signature check tool of the back office, and the OpenAPI document.
      expect(html).toContain('href="/application?tool=signature"');
      expect(html).toContain('href="/api-docs"');
      expect(html).not.toMatch(/<script>/);
      // A message's placeholders are filled with examples (the error table), never shown raw.
      expect(html, lang).not.toMatch(/\{\{\s*\w+\s*\}\}/);
      // "Try it on devnet" before the payout calls: fund, then pay out.
      const devnet = html.indexOf('id="try-devnet"');
      expect(devnet, lang).toBeGreaterThan(0);
      expect(devnet).toBeLessThan(html.indexOf('id="op-createTestDeposit"'));
      expect(html.indexOf('id="op-createTestDeposit"')).toBeLessThan(html.indexOf('id="op-createPayout"'));
      expect(html).toContain(docsText(lang).devnet.title);
      // The rate limits: the budget and the four headers.
      expect(html).toContain('id="rate-limits"');
      expect(html).toContain('1,200');
      for (const header of ['RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'])
        expect(html, `${lang} ${header}`).toContain(`<code>${header}</code>`);
    }
    expect(titles.size).toBe(4);
  });

  it("sends each language's own lang header in its examples (curl, Node, PHP, Python)", async () => {
    for (const lang of LANGUAGES) {
      const html = (await page(`/docs/api?lang=${lang}`)).body;
      const examples = html
        .slice(html.indexOf('<section id="operations">'), html.indexOf('<section id="epusdt">'))
        .replaceAll('&#39;', "'");
      // curl -H 'lang: …', Node lang: '…', PHP 'lang: …', Python 'lang': '…'.
      const sent = [...examples.matchAll(/(?:-H 'lang: |\blang: '|'lang: |'lang': ')(\w+)'/g)].map(
        (m) => m[1],
      );
      expect(sent.length, lang).toBe(operations.length * 4);
      expect(new Set(sent), lang).toEqual(new Set([lang]));
    }
  });

  it('gives a known answer for the signature that the server computes, and openssl too, in each language', async () => {
    const e = SIGNATURE_EXAMPLE;
    const parts = {
      timestamp: e.timestamp,
      nonce: e.nonce,
      method: e.method,
      pathWithQuery: e.pathWithQuery,
      body: e.body,
    };
    expect(computeSignature(e.appSecret, parts)).toBe(e.signature);
    expect(signingPayload(parts).toString('utf8')).toBe(SIGNATURE_EXAMPLE_STRING);
    for (const lang of LANGUAGES) {
      const html = (await page(`/docs/api?lang=${lang}`)).body;
      const signing = html.slice(
        html.indexOf('<section id="signing">'),
        html.indexOf('<section id="idempotency">'),
      );
      expect(signing, lang).toContain(`<h3>${docsText(lang).signing.exampleTitle}</h3>`);
      expect(signing).toContain(e.appSecret);
      expect(signing).toContain(e.signature);
    }
    // The openssl lines as shown give the same hex.
    const html = (await page('/docs/api?lang=en_US')).body;
    const block = html.slice(html.indexOf(`APPSECRET    ${e.appSecret}`));
    const command = decodeHtml(block.slice(block.indexOf('printf'), block.indexOf('</code>')));
    const { stdout } = await run('sh', ['-c', command]);
    expect(stdout.trim().split('= ')[1]).toBe(e.signature);
  });

  it('tells X-Request-Id, ALLOW_PRIVATE_CALLBACKS for local development, and no HTTPS beside an http:// URL', async () => {
    const local = await buildTestApp({ env: { PUBLIC_URL: 'http://localhost:8080' } });
    try {
      for (const lang of LANGUAGES) {
        const html = (await local.inject({ url: `/docs/api?lang=${lang}` })).body;
        expect(html, lang).toContain(inlineHtml(docsText(lang).intro.requestId));
        expect(html).toContain('<code>X-Request-Id</code>');
        expect(html).toContain(inlineHtml(docsText(lang).callbacks.localDevelopment));
        expect(html).toContain('<code>ALLOW_PRIVATE_CALLBACKS=1</code>');
        const intro = html.slice(
          html.indexOf('<section id="intro">'),
          html.indexOf('<section id="signing">'),
        );
        expect(intro).toContain('http://localhost:8080/api/v1');
        expect(intro).not.toMatch(/HTTPS/i);
      }
    } finally {
      await local.close();
    }
  });

  it('takes the language from ?lang=, else the lang cookie, else zh_CN', async () => {
    expect((await page('/docs/api')).body).toContain('<html lang="zh-CN">');
    expect((await page('/docs/api', { cookie: 'lang=vi_VN' })).body).toContain('<html lang="vi">');
    expect((await page('/docs/api?lang=en_US', { cookie: 'lang=vi_VN' })).body).toContain('<html lang="en">');
    expect((await page('/docs/api?lang=zh_TW')).headers['content-language']).toBe('zh-TW');
    expect((await page('/docs/api?lang=nonsense')).body).toContain('<html lang="zh-CN">');
  });

  it("shows each field's rules as the schema has them", async () => {
    const html = (await page('/docs/api?lang=en_US')).body;
    expect(html).toContain('<code>pattern ^[A-Za-z0-9_-]{1,64}$</code>');
    expect(html).toContain('<code>min 300</code><br><code>max 172800</code>');
    expect(html).toContain('<code>items[].address</code>');
    expect(html).toContain('<code>items 1–1000</code>');
    const create = operations.find((o) => o.operationId === 'createCollection');
    expect(create?.fields.body.filter((f) => f.required).map((f) => f.name)).toEqual([
      'merchantOrderNo',
      'currency',
      'amount',
    ]);
  });

  it('is sent compressed by Accept-Encoding, kept 5 minutes and revalidated by ETag', async () => {
    const plain = await page('/docs/api?lang=en_US');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['cache-control']).toBe('public, max-age=300');
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/);
    expect(String(plain.headers.vary)).toMatch(/cookie/);
    const etag = String(plain.headers.etag);
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const br = await page('/docs/api?lang=en_US', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.etag).toBe(etag);
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 4);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);

    const gzip = await page('/docs/api?lang=en_US', { 'accept-encoding': 'br;q=0, gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);

    // A browser revalidating its copy gets no body; another language is another ETag.
    const again = await page('/docs/api?lang=en_US', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
    const other = await page('/docs/api?lang=vi_VN', { 'if-none-match': etag });
    expect(other.statusCode).toBe(200);
    expect(other.headers.etag).not.toBe(etag);
    expect(other.body).toContain('<html lang="vi">');

    const script = await page('/docs/api/docs.js', { 'accept-encoding': 'gzip' });
    expect(script.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(script.rawPayload).toString('utf8')).toContain('clipboard');
  });

  it('serves the copy script', async () => {
    const script = await page('/docs/api/docs.js');
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('clipboard');
  });
});

describe('the translations', () => {
  it('every field of every call has an English description in the schemas', () => {
    for (const operation of operations) {
      for (const [place, fields] of Object.entries(operation.fields)) {
        for (const field of fields) {
          expect(field.description, `${operation.operationId} ${place} ${field.name}`).not.toBe('');
        }
      }
    }
  });

  it('every operation and field text is translated in every language', () => {
    const texts = englishTexts(operations);
    expect(texts.length).toBeGreaterThan(40);
    const missing = LANGUAGES.flatMap((lang) =>
      texts.filter((text) => findSchemaText(lang, text) === undefined).map((text) => `${lang}: ${text}`),
    );
    expect(missing).toEqual([]);
  });

  it('the prose has the same keys in the four languages, none empty, and covers every status and event', () => {
    const reference = keyPaths({ ...docsText('en_US'), schema: {} }).sort();
    for (const lang of LANGUAGES) {
      const text = docsText(lang);
      expect(keyPaths({ ...text, schema: {} }).sort(), lang).toEqual(reference);
      expect(Object.keys(text.statuses.collection).sort()).toEqual([...COLLECTION_STATUS_VALUES].sort());
      expect(Object.keys(text.statuses.payout).sort()).toEqual([...PAYOUT_STATUS_VALUES].sort());
      expect(Object.keys(text.statuses.exception).sort()).toEqual([...ORDER_EXCEPTION_VALUES].sort());
      expect(Object.keys(text.callbacks.events).sort()).toEqual([...CALLBACK_EVENT_TYPES].sort());
      const leaves = (value: unknown): unknown[] =>
        value !== null && typeof value === 'object' ? Object.values(value).flatMap(leaves) : [value];
      for (const leaf of leaves(text))
        expect(typeof leaf === 'string' && leaf.trim() !== '', lang).toBe(true);
    }
  });

  it('no unused translation is left behind when a schema text changes', () => {
    const texts = new Set(englishTexts(operations));
    for (const lang of LANGUAGES) {
      const stale = Object.keys(docsText(lang).schema).filter((english) => !texts.has(english));
      expect(stale, lang).toEqual([]);
    }
  });
});
