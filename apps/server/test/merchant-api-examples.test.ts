import { execFile, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { money } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { SAMPLE_PLACEHOLDERS } from '../src/modules/merchant-api/api-docs';
import type { OperationId } from '../src/modules/merchant-api/api-examples';
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
// biome-ignore lint/suspicious/noExplicitAny: the OpenAPI document as JSON
let docs: any;

beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_URL, DEVNET_BLOCK_MS: '3600000' } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  baseUrl = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  shop = await createApiApplication(app);
  docs = (await app.inject({ url: '/api-docs/json' })).json();
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
    // Served with this server's PUBLIC_URL (the committed document has the placeholder).
    [PUBLIC_URL, baseUrl],
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
      ['get', '/api/v1/collections/{orderNo}', ['200', '400', '401', '403', '404', '429']],
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

/**
 * Every call's own examples (x-codeSamples of each /api/v1 operation, one template per language),
 * run in the order a shop would: create, read back both ways, pay on devnet, pay out, batch, read
 * the payout. Node and curl always; a wrong answer code fails the program, so a passing run is a
 * call the server accepted.
 */
describe('the examples of every call', () => {
  const OPERATIONS: [OperationId, string, string][] = [
    ['createCollection', 'post', '/api/v1/collections'],
    ['getCollection', 'get', '/api/v1/collections/{orderNo}'],
    ['findCollection', 'get', '/api/v1/collections'],
    ['testPayCollection', 'post', '/api/v1/test/collections/{orderNo}/pay'],
    ['createPayout', 'post', '/api/v1/payouts'],
    ['createPayoutBatch', 'post', '/api/v1/payouts/batch'],
    ['getPayout', 'get', '/api/v1/payouts/{orderNo}'],
    ['createTestDeposit', 'post', '/api/v1/test/deposits'],
    ['getBalances', 'get', '/api/v1/balances'],
    ['listOrders', 'get', '/api/v1/orders'],
  ];

  function program(operation: string, method: string, label: string, values: Record<string, string>): string {
    const found = docs.paths[operation]?.[method]?.['x-codeSamples']?.find(
      (s: { label: string }) => s.label === label,
    );
    if (!found) throw new Error(`no ${label} example for ${method} ${operation}`);
    let source: string = found.source;
    for (const [placeholder, value] of [
      [PUBLIC_URL, baseUrl],
      [SAMPLE_PLACEHOLDERS.appId, shop.appId],
      [SAMPLE_PLACEHOLDERS.appSecret, shop.secret],
    ]) {
      expect(source).toContain(placeholder);
      source = source.replaceAll(placeholder as string, value as string);
    }
    for (const [placeholder, value] of Object.entries(values)) source = source.replaceAll(placeholder, value);
    return source;
  }

  /** Runs one example; the answer's `data`. */
  async function runExample(label: 'Node' | 'curl', index: number, values: Record<string, string>) {
    const [operationId, method, path] = OPERATIONS[index] as [OperationId, string, string];
    const source = program(path, method, label, values);
    const file = join(dir, `${operationId}-${label}.${label === 'Node' ? 'mjs' : 'sh'}`);
    writeFileSync(file, source);
    const command = label === 'Node' ? process.execPath : 'bash';
    const { stdout } = await run(command, [file], { timeout: 30_000 });
    if (label === 'Node') return JSON.parse(stdout);
    const answer = JSON.parse(stdout);
    expect(answer.code, `${operationId} curl: ${stdout}`).toBe(0);
    return answer.data;
  }

  it('covers every call of contracts, each with curl, Node, PHP and Python', () => {
    for (const [, method, path] of OPERATIONS) {
      const labels = docs.paths[path][method]['x-codeSamples'].map((s: { label: string }) => s.label);
      expect(labels, `${method} ${path}`).toEqual(['curl', 'Node', 'PHP', 'Python']);
    }
  });

  for (const label of ['Node', 'curl'] as const) {
    it.skipIf(label === 'curl' && (!has('curl') || !has('openssl', ['version'])))(
      `${label}: each call's example runs and is answered`,
      async () => {
        const orderRef = `EX-${label}-1`;
        const payoutRef = `EXP-${label}`;
        const values = {
          [SAMPLE_PLACEHOLDERS.merchantOrderNo]: orderRef,
          [SAMPLE_PLACEHOLDERS.payoutNo]: payoutRef,
        };
        const created = await runExample(label, 0, values);
        expect(created).toMatchObject({ merchantOrderNo: orderRef, amount: '10.5', status: 'pending' });
        const withOrder = { ...values, [SAMPLE_PLACEHOLDERS.orderNo]: created.orderNo };
        expect(await runExample(label, 1, withOrder)).toMatchObject({ orderNo: created.orderNo });
        expect(await runExample(label, 2, withOrder)).toMatchObject({ orderNo: created.orderNo });
        expect(await runExample(label, 3, withOrder)).toMatchObject({
          orderNo: created.orderNo,
          amount: '10.5',
        });
        // "Try it on devnet": the deposit example funds the balance the payouts need.
        const before = await runExample(label, 8, withOrder);
        const available = (data: { list: { currency: string; available: string }[] }) =>
          data.list.find((balance) => balance.currency === 'USDT')?.available;
        expect(await runExample(label, 7, withOrder)).toMatchObject({ currency: 'USDT', amount: '100' });
        const devnet = app.chains.devnet;
        if (!devnet) throw new Error('devnet mode expected');
        for (let i = 0; i < (app.chains.get('TRON')?.confirmations ?? 0); i++) await devnet.produceBlock();
        await app.watcher.tick();
        // The deposit, and the collection paid above, confirmed in the same blocks.
        const after = money(available(await runExample(label, 8, withOrder)) ?? '0');
        expect(after.greaterThanOrEqualTo(money(available(before) ?? '0').plus(100))).toBe(true);
        const payout = await runExample(label, 4, withOrder);
        expect(payout).toMatchObject({
          merchantOrderNo: payoutRef,
          amount: '25',
          address: SAMPLE_PLACEHOLDERS.address,
        });
        const batch = await runExample(label, 5, withOrder);
        expect(batch.items.map((item: { merchantOrderNo: string }) => item.merchantOrderNo)).toEqual([
          `${payoutRef}-1`,
          `${payoutRef}-2`,
        ]);
        const read = await runExample(label, 6, { ...values, [SAMPLE_PLACEHOLDERS.orderNo]: payout.orderNo });
        expect(read).toMatchObject({ orderNo: payout.orderNo, status: payout.status });
        const listed = await runExample(label, 9, values);
        expect(listed.list.map((item: { merchantOrderNo: string }) => item.merchantOrderNo)).toEqual(
          expect.arrayContaining([payoutRef, `${payoutRef}-1`, `${payoutRef}-2`]),
        );
      },
      // Eleven programs, each a Node start of 1-4 s on a busy machine.
      120_000,
    );
  }
});
