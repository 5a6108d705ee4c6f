import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { SAMPLE_PLACEHOLDERS } from '../src/modules/merchant-api/api-docs';
import { buildTestApp } from './helpers/build-test-app';
import { expectLedgerClean } from './helpers/ledger';
import { type ApiCredentials, createApiApplication } from './helpers/signed-api';

/**
 * The signed-create examples of the OpenAPI document, run as published (placeholders filled in)
 * against a listening server: each must create its order. Read from /api-docs/json, so what is
 * tested is what a merchant copies. PHP runs where php is installed.
 */
const run = promisify(execFile);
const PUBLIC_URL = 'https://pay.example.com';
const has = (command: string, args = ['--version']) =>
  spawnSync(command, args, { stdio: 'ignore' }).status === 0;

let app: FastifyInstance;
let shop: ApiCredentials;
let baseUrl: string;
let samples: { lang: string; label: string; source: string }[];
let dir: string;

beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_URL, DEVNET_BLOCK_MS: '3600000' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  shop = await createApiApplication(app);
  const docs = (await app.inject({ url: '/api-docs/json' })).json();
  samples = docs.paths['/api/v1/collections'].post['x-codeSamples'];
  dir = mkdtempSync(join(tmpdir(), 'tollgate-samples-'));
});
afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  await expectLedgerClean(app.db);
  await app.close();
});

/** The sample as a merchant would fill it in, with its own order number. */
function filledIn(label: string, merchantOrderNo: string): string {
  const sample = samples.find((s) => s.label === label);
  if (!sample) throw new Error(`no ${label} sample in the OpenAPI document`);
  const replacements: [string, string][] = [
    [SAMPLE_PLACEHOLDERS.baseUrl, baseUrl],
    [SAMPLE_PLACEHOLDERS.appId, shop.appId],
    [SAMPLE_PLACEHOLDERS.appSecret, shop.secret],
    [SAMPLE_PLACEHOLDERS.merchantOrderNo, merchantOrderNo],
  ];
  let source = sample.source;
  for (const [placeholder, value] of replacements) {
    expect(source, `${label} sample has ${placeholder}`).toContain(placeholder);
    source = source.replaceAll(placeholder, value);
  }
  return source;
}

async function expectOrderCreated(merchantOrderNo: string, stdout: string) {
  const [order] = await app.db
    .select()
    .from(orders)
    .where(and(eq(orders.applicationId, shop.id), eq(orders.merchantOrderNo, merchantOrderNo)));
  expect(order, `order ${merchantOrderNo}`).toMatchObject({
    currency: 'USDT',
    network: 'TRON',
    amount: '10.500000000000000000',
  });
  expect(stdout).toContain(`${PUBLIC_URL}/pay/${order?.orderNo}`);
}

describe('the signed-create examples of the API documentation', () => {
  it('cover curl, Node, PHP and Python', () => {
    expect(samples.map((s) => s.label)).toEqual(['curl', 'Node', 'PHP', 'Python']);
  });

  it('Node: its sign() passes the server verifier and the order is created', async () => {
    const file = join(dir, 'create-order.mjs');
    writeFileSync(file, filledIn('Node', 'SAMPLE-NODE-1'));
    const { stdout } = await run(process.execPath, [file], { timeout: 30_000 });
    await expectOrderCreated('SAMPLE-NODE-1', stdout);
  });

  it.skipIf(!has('python3'))('Python', async () => {
    const file = join(dir, 'create_order.py');
    writeFileSync(file, filledIn('Python', 'SAMPLE-PY-1'));
    const { stdout } = await run('python3', [file], { timeout: 30_000 });
    await expectOrderCreated('SAMPLE-PY-1', stdout);
  });

  it.skipIf(!has('curl') || !has('openssl', ['version']))('curl (bash, openssl)', async () => {
    const file = join(dir, 'create-order.sh');
    writeFileSync(file, filledIn('curl', 'SAMPLE-CURL-1'));
    const { stdout } = await run('bash', [file], { timeout: 30_000 });
    const answer = JSON.parse(stdout);
    expect(answer.code, stdout).toBe(0);
    await expectOrderCreated('SAMPLE-CURL-1', answer.data.cashierUrl);
  });

  it.skipIf(!has('php'))('PHP', async () => {
    const file = join(dir, 'create-order.php');
    writeFileSync(file, filledIn('PHP', 'SAMPLE-PHP-1'));
    const { stdout } = await run('php', [file], { timeout: 30_000 });
    await expectOrderCreated('SAMPLE-PHP-1', stdout);
  });

  it('a sample signed with a wrong secret is refused, so the run above proves the signing', async () => {
    const file = join(dir, 'wrong-secret.mjs');
    writeFileSync(file, filledIn('Node', 'SAMPLE-NODE-2').replace(shop.secret, '0'.repeat(64)));
    await expect(run(process.execPath, [file], { timeout: 30_000 })).rejects.toThrow(/2004/);
  });
});

describe('the OpenAPI document of /api/v1', () => {
  it('describes the signature scheme, and every call with its schemas, security and error codes', async () => {
    const docs = (await app.inject({ url: '/api-docs/json' })).json();
    const tag = docs.tags.find((t: { name: string }) => t.name === 'merchant-api');
    for (const part of ['X-App-Id', 'X-Timestamp', 'X-Nonce', 'X-Signature', 'HMAC-SHA256', '2001', '2005']) {
      expect(tag.description).toContain(part);
    }
    expect(tag.description).toContain(
      'timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + path with query + "\\n" + raw body',
    );
    expect(Object.keys(docs.components.securitySchemes)).toEqual(
      expect.arrayContaining(['appId', 'timestamp', 'nonce', 'signature']),
    );
    const operations = [
      ['post', '/api/v1/collections', ['200', '400', '401', '403', '409', '413', '415', '429']],
      ['get', '/api/v1/collections/{orderNo}', ['200', '401', '403', '404', '429']],
      ['get', '/api/v1/collections', ['200', '400', '401', '403', '404', '429']],
      [
        'post',
        '/api/v1/test/collections/{orderNo}/pay',
        ['200', '400', '401', '403', '404', '413', '415', '429'],
      ],
    ] as const;
    for (const [method, path, statuses] of operations) {
      const operation = docs.paths[path]?.[method];
      expect(operation, `${method} ${path}`).toBeDefined();
      expect(operation.tags).toEqual(['merchant-api']);
      expect(operation.security).toEqual([{ appId: [], timestamp: [], nonce: [], signature: [] }]);
      expect(Object.keys(operation.responses).sort()).toEqual([...statuses].sort());
      expect(operation.responses['401'].description).toMatch(/^2001: .*; 2002: .*; 2003: .*; 2004: /);
      expect(operation.responses['200'].content['application/json'].schema.properties.data).toBeDefined();
    }
    const create = docs.paths['/api/v1/collections'].post;
    expect(create.requestBody.content['application/json'].schema.required).toEqual([
      'merchantOrderNo',
      'currency',
      'amount',
    ]);
    expect(create.responses['409'].description).toContain('3001');
    expect(create.responses['400'].description).toContain('3002');
  });
});
