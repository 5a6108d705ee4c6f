/** Uploads through signatures: the policy, the file's real type and size, storage and serving. */
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { uploadSignature } from '@tollgate/contracts';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uploads } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { postForm, postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';

const clock = createTestClock();
let app: FastifyInstance;
let dataDir: string;
beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'tollgate-uploads-'));
  app = await buildTestApp({ now: clock.now, env: { DATA_DIR: dataDir } });
});
afterAll(async () => {
  await app.close();
  await rm(dataDir, { recursive: true, force: true });
});

const MAX = 2 * 1024 * 1024;
/** A real 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');

async function loggedIn() {
  const merchant = await createMerchant(app);
  return { merchant, token: await logInAs(app, merchant) };
}

async function signature(token: string, path = '/upload/oss/signature') {
  const response = await postForm(app, path, { dir: 'icon' }, { token });
  expect(response.json().code).toBe(0);
  return uploadSignature.parse(response.json().data);
}

interface FilePart {
  bytes: Buffer;
  filename?: string;
  type?: string;
}

function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = '----tollgateUploadBoundary';
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.filename ?? 'icon.png'}"\r\n` +
          `Content-Type: ${file.type ?? 'image/png'}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(url: string, fields: Record<string, string>, file?: FilePart, lang = 'en_US') {
  const { payload, contentType } = multipart(fields, file);
  return app.inject({ method: 'POST', url, payload, headers: { 'content-type': contentType, lang } });
}

const uploadRows = async (merchantId: number) =>
  app.db.select().from(uploads).where(eq(uploads.merchantId, merchantId));

async function filesUnder(merchantId: number): Promise<string[]> {
  return readdir(join(dataDir, 'uploads', 'icon', String(merchantId))).catch(() => []);
}

describe('the signature calls', () => {
  it('sign a short-lived policy for the merchant folder, on both paths, form-encoded', async () => {
    const { merchant, token } = await loggedIn();
    for (const path of ['/upload/oss/signature', '/uc/oss/signature']) {
      const signed = await signature(token, path);
      expect(signed).toEqual({
        url: '/front/upload/object',
        fields: { policy: expect.any(String), signature: expect.stringMatching(/^[0-9a-f]{64}$/) },
        keyPrefix: `icon/${merchant.id}/`,
        maxBytes: MAX,
        allowedTypes: ['image/png', 'image/jpeg', 'image/gif', 'image/webp'],
        expiresAt: new Date(clock.now().getTime() + 10 * 60_000).toISOString(),
      });
    }
  });

  it('need a session, a known dir and the form encoding', async () => {
    const { token } = await loggedIn();
    expect((await postForm(app, '/upload/oss/signature', { dir: 'icon' })).statusCode).toBe(401);
    const unknown = await postForm(app, '/uc/oss/signature', { dir: '../etc' }, { token, lang: 'en_US' });
    expect(unknown.json()).toMatchObject({ code: 1001, message: 'Unsupported upload folder' });
    expect((await postForm(app, '/uc/oss/signature', {}, { token })).json().code).toBe(1001);
    expect((await postJson(app, '/upload/oss/signature', { dir: 'icon' }, { token })).json().code).toBe(1004);
  });
});

describe('the upload', () => {
  it('stores an image under a fresh key of the policy prefix, records it and serves it', async () => {
    const { merchant, token } = await loggedIn();
    const signed = await signature(token);
    const response = await upload(signed.url, signed.fields, { bytes: PNG });
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toEqual({
      key: expect.stringMatching(new RegExp(`^icon/${merchant.id}/[0-9a-f]{32}\\.png$`)),
      url: `/uploads/${data.key}`,
      contentType: 'image/png',
      sizeBytes: PNG.length,
    });
    expect(await uploadRows(merchant.id)).toEqual([
      expect.objectContaining({ key: data.key, contentType: 'image/png', sizeBytes: PNG.length }),
    ]);
    const served = await app.inject({ url: data.url });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);
    expect(served.headers).toMatchObject({
      'content-type': 'image/png',
      'x-content-type-options': 'nosniff',
      'cache-control': 'public, max-age=31536000, immutable',
    });
    // A policy may be used again until it expires; each file gets its own key.
    const again = (await upload(signed.url, signed.fields, { bytes: PNG })).json().data;
    expect(again.key).not.toBe(data.key);
  });

  it('goes by the bytes, not the name or the type the browser claims', async () => {
    const { merchant, token } = await loggedIn();
    const signed = await signature(token);
    const gif = (
      await upload(signed.url, signed.fields, { bytes: GIF, filename: 'x.png', type: 'image/png' })
    ).json();
    expect(gif.data).toMatchObject({ contentType: 'image/gif', key: expect.stringMatching(/\.gif$/) });
    for (const file of [
      { bytes: SVG, filename: 'icon.svg', type: 'image/svg+xml' },
      { bytes: SVG, filename: 'icon.png', type: 'image/png' },
      { bytes: Buffer.from('<html><body>hi</body></html>'), filename: 'icon.jpg', type: 'image/jpeg' },
      { bytes: Buffer.alloc(0) },
    ]) {
      const refused = await upload(signed.url, signed.fields, file);
      expect(refused.statusCode).toBe(415);
      expect(refused.json()).toEqual({
        code: 1004,
        data: null,
        message: 'Only PNG, JPEG, GIF or WebP images can be uploaded',
      });
    }
    expect((await uploadRows(merchant.id)).map((row) => row.contentType)).toEqual(['image/gif']);
    expect(await filesUnder(merchant.id)).toHaveLength(1);
  });

  it('takes up to 2 MB and refuses more with 413, writing nothing', async () => {
    const { merchant, token } = await loggedIn();
    const signed = await signature(token);
    const exact = Buffer.concat([PNG, Buffer.alloc(MAX - PNG.length)]);
    expect((await upload(signed.url, signed.fields, { bytes: exact })).json().data.sizeBytes).toBe(MAX);
    const over = Buffer.concat([PNG, Buffer.alloc(MAX + 1 - PNG.length)]);
    const refused = await upload(signed.url, signed.fields, { bytes: over }, 'zh_CN');
    expect(refused.statusCode).toBe(413);
    expect(refused.json()).toEqual({ code: 1003, data: null, message: '文件不能超过 2MB' });
    // Far over: refused by its announced length before a byte is read.
    const huge = await upload(signed.url, signed.fields, { bytes: Buffer.alloc(3 * MAX) });
    expect(huge.statusCode).toBe(413);
    expect((await uploadRows(merchant.id)).map((row) => row.sizeBytes)).toEqual([MAX]);
    expect(await filesUnder(merchant.id)).toHaveLength(1);
  });

  it('refuses an expired, forged, altered or missing policy (1301), and a body without a file', async () => {
    const { merchant, token } = await loggedIn();
    const other = await loggedIn();
    const signed = await signature(token);
    const theirs = await signature(other.token);
    const decoded = JSON.parse(Buffer.from(signed.fields.policy ?? '', 'base64url').toString());
    const altered = Buffer.from(
      JSON.stringify({ ...decoded, merchantId: other.merchant.id, keyPrefix: `icon/${other.merchant.id}/` }),
    ).toString('base64url');
    const cases: Record<string, string>[] = [
      { ...signed.fields, signature: '0'.repeat(64) },
      { ...signed.fields, policy: altered },
      { policy: signed.fields.policy ?? '', signature: theirs.fields.signature ?? '' },
      { policy: signed.fields.policy ?? '' },
      {},
    ];
    for (const fields of cases) {
      const response = await upload(signed.url, fields, { bytes: PNG });
      expect(response.statusCode, JSON.stringify(fields)).toBe(403);
      expect(response.json()).toEqual({
        code: 1301,
        data: null,
        message: 'The upload signature is invalid or has expired, please upload again',
      });
    }
    const noFile = await upload(signed.url, signed.fields);
    expect(noFile.json()).toMatchObject({ code: 1001, message: 'Please choose a file to upload' });
    clock.advance(10 * 60_000);
    expect((await upload(signed.url, signed.fields, { bytes: PNG })).json().code).toBe(1301);
    expect(await uploadRows(merchant.id)).toEqual([]);
    expect(await uploadRows(other.merchant.id)).toEqual([]);
    expect(await filesUnder(merchant.id)).toEqual([]);
    expect(await filesUnder(other.merchant.id)).toEqual([]);
  });

  it('takes only multipart', async () => {
    const { token } = await loggedIn();
    const signed = await signature(token);
    const response = await app.inject({
      method: 'POST',
      url: signed.url,
      payload: JSON.stringify(signed.fields),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json().code).toBe(1004);
  });
});

describe('serving', () => {
  it('answers 404 for keys never stored, and never leaves the folder', async () => {
    for (const url of [
      '/uploads/icon/1/0123456789abcdef0123456789abcdef.png',
      '/uploads/../package.json',
      '/uploads/..%2f..%2fpackage.json',
      '/uploads/',
    ]) {
      const response = await app.inject({ url });
      expect(response.statusCode, url).toBe(404);
      expect(response.headers['content-type']).toMatch(/^application\/json/);
    }
  });

  it('makes an uploaded key usable as the icon of its merchant only', async () => {
    const { token } = await loggedIn();
    const signed = await signature(token);
    const { key } = (await upload(signed.url, signed.fields, { bytes: PNG })).json().data;
    const created = await postJson(app, '/app/create', { name: 'Shop', icon: key }, { token });
    expect(created.json().data.app.icon).toBe(key);
    const other = await loggedIn();
    const refused = await postJson(app, '/app/create', { name: 'Shop', icon: key }, { token: other.token });
    expect(refused.json().code).toBe(1001);
  });
});
