import { orderObject, payoutObject } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { setBalance } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';
import { type ApiCredentials, createApiApplication, getSigned, postSigned } from './helpers/signed-api';

/**
 * What a shop reconciles against (issue 31): GET /api/v1/orders, newest first with a keyset
 * cursor (orders created in the same instant included, a cursor the call did not give refused
 * with 1001), GET /api/v1/balances, and the devnet's funded test balance (POST
 * /api/v1/test/deposits), credited by the watcher like any deposit.
 */
const clock = createTestClock(new Date('2026-12-01T08:00:00.000Z'));
let app: FastifyInstance;
let shop: ApiCredentials;
let other: ApiCredentials;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { DEVNET_BLOCK_MS: '3600000' } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
  shop = await createApiApplication(app);
  // Another application of the same merchant: its orders are not the caller's.
  other = await createApiApplication(app, { merchantId: shop.merchantId });
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

async function ok(response: { body: { code: number; data: unknown } }) {
  expect(response.body.code, JSON.stringify(response.body)).toBe(0);
  return response.body.data as Record<string, unknown>;
}
const createCollection = (credentials: ApiCredentials, merchantOrderNo: string, amount = '10') =>
  postSigned(app, credentials, '/api/v1/collections', {
    merchantOrderNo,
    currency: 'USDT',
    network: 'TRON',
    amount,
  });

async function allPages(url: string) {
  const seen: string[] = [];
  let cursor: string | null = null;
  let pages = 0;
  do {
    const page = await ok(
      await getSigned(app, shop, cursor === null ? url : `${url}&cursor=${encodeURIComponent(cursor)}`),
    );
    const list = page.list as { merchantOrderNo: string }[];
    seen.push(...list.map((order) => order.merchantOrderNo));
    cursor = page.nextCursor as string | null;
    pages++;
  } while (cursor !== null && pages < 50);
  return { seen, pages };
}

describe('GET /api/v1/orders', () => {
  it('pages through the collections newest first, orders of one instant included, each exactly once', async () => {
    // Five orders in one millisecond, then three a minute later each, and one of the other app.
    for (let i = 1; i <= 5; i++) await ok(await createCollection(shop, `SAME-${i}`));
    for (let i = 1; i <= 3; i++) {
      clock.advance(60_000);
      await ok(await createCollection(shop, `LATER-${i}`));
    }
    await ok(await createCollection(other, 'OTHER-APP'));

    const first = await ok(await getSigned(app, shop, '/api/v1/orders?type=collection&limit=2'));
    expect(first.list).toHaveLength(2);
    for (const order of first.list as unknown[]) orderObject.strict().parse(order);
    expect((first.list as { merchantOrderNo: string }[]).map((o) => o.merchantOrderNo)).toEqual([
      'LATER-3',
      'LATER-2',
    ]);
    expect(typeof first.nextCursor).toBe('string');

    const { seen, pages } = await allPages('/api/v1/orders?type=collection&limit=2');
    expect(pages).toBe(4);
    expect(seen.slice(0, 3)).toEqual(['LATER-3', 'LATER-2', 'LATER-1']);
    // The five of one instant: each once, in creation order reversed (the id breaks the tie).
    expect(seen.slice(3)).toEqual(['SAME-5', 'SAME-4', 'SAME-3', 'SAME-2', 'SAME-1']);

    // A page of exactly the rest ends the list.
    const whole = await ok(await getSigned(app, shop, '/api/v1/orders?type=collection&limit=8'));
    expect(whole.list).toHaveLength(8);
    expect(whole.nextCursor).toBeNull();
    // The default page size is 20.
    expect((await ok(await getSigned(app, shop, '/api/v1/orders?type=collection'))).list).toHaveLength(8);
  });

  it('filters by status and creation time, and lists payouts as Payout objects', async () => {
    const from = encodeURIComponent('2026-12-01T16:01:00+08:00');
    const to = encodeURIComponent('2026-12-01T08:03:00Z');
    const window = await ok(
      await getSigned(app, shop, `/api/v1/orders?type=collection&createdFrom=${from}&createdTo=${to}`),
    );
    expect((window.list as { merchantOrderNo: string }[]).map((o) => o.merchantOrderNo)).toEqual([
      'LATER-2',
      'LATER-1',
    ]);
    const expired = await ok(await getSigned(app, shop, '/api/v1/orders?type=collection&status=expired'));
    expect(expired.list).toEqual([]);

    await setBalance(app, { merchantId: shop.merchantId, coinName: 'USDT', available: '100' });
    const payout = await ok(
      await postSigned(app, shop, '/api/v1/payouts', {
        merchantOrderNo: 'PO-LIST-1',
        currency: 'USDT',
        network: 'TRON',
        address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
        amount: '15',
      }),
    );
    const payouts = await ok(await getSigned(app, shop, '/api/v1/orders?type=payout'));
    expect(payouts.list).toHaveLength(1);
    expect(payoutObject.strict().parse((payouts.list as unknown[])[0])).toEqual(payout);
    const byStatus = await ok(
      await getSigned(app, shop, `/api/v1/orders?type=payout&status=${payout.status as string}`),
    );
    expect(byStatus.list).toEqual([payout]);
  });

  it('refuses a bad cursor, limit, type or status with a clear 1001 naming the parameter', async () => {
    const good = (await ok(await getSigned(app, shop, '/api/v1/orders?type=collection&limit=1')))
      .nextCursor as string;
    const forged = (text: string) => Buffer.from(text).toString('base64url');
    const cases: [string, string, string][] = [
      ['type=collection&cursor=abc', 'cursor', 'Invalid cursor'],
      ['type=collection&cursor=%2B%2B%2B', 'cursor', 'Invalid cursor'],
      [`type=collection&cursor=${forged('2026-13-40T08:00:00.000000Z_1')}`, 'cursor', 'Invalid cursor'],
      [`type=collection&cursor=${forged('2026-12-01T08:00:00.000000Z_0')}`, 'cursor', 'Invalid cursor'],
      [`type=collection&cursor=${good}%21`, 'cursor', 'Invalid cursor'],
      [`type=collection&cursor=${'A'.repeat(200)}`, 'cursor', 'Invalid cursor'],
      ['type=collection&limit=101', 'limit', 'limit must be a whole number from 1 to 100'],
      ['type=collection&limit=0', 'limit', 'limit must be a whole number from 1 to 100'],
      ['type=collection&limit=ten', 'limit', 'limit must be a whole number from 1 to 100'],
      ['type=everything', 'type', 'The type must be collection or payout'],
      ['', 'type', 'The type must be collection or payout'],
      ['type=collection&status=failed', 'status', 'failed is not a status of collection orders'],
      ['type=collection&createdFrom=yesterday', 'createdFrom', 'Enter a date and time'],
    ];
    for (const [query, field, message] of cases) {
      const { response, body } = await getSigned(app, shop, `/api/v1/orders${query ? `?${query}` : ''}`, {
        lang: 'en_US',
      });
      expect(response.statusCode, query).toBe(400);
      expect(body.code, query).toBe(1001);
      expect(body.data.errors, query).toHaveLength(1);
      expect(body.data.errors[0].field, query).toBe(field);
      expect(body.data.errors[0].message, query).toContain(message);
    }
    // The good cursor still works, and a cursor past every order is an empty last page.
    expect(
      (await ok(await getSigned(app, shop, `/api/v1/orders?type=collection&limit=1&cursor=${good}`))).list,
    ).toHaveLength(1);
    const past = forged('2000-01-01T00:00:00.000000Z_1');
    expect(await ok(await getSigned(app, shop, `/api/v1/orders?type=collection&cursor=${past}`))).toEqual({
      list: [],
      nextCursor: null,
    });
  });
});

describe('GET /api/v1/balances and POST /api/v1/test/deposits', () => {
  it("funds a fresh merchant's test balance through the watcher, then a payout passes", async () => {
    const fresh = await createApiApplication(app);
    const before = await ok(await getSigned(app, fresh, '/api/v1/balances'));
    const usdt = () => (before.list as { currency: string }[]).find((b) => b.currency === 'USDT');
    expect(usdt()).toEqual({ currency: 'USDT', available: '0', frozen: '0' });
    const payout = {
      merchantOrderNo: 'PO-FRESH-1',
      currency: 'USDT',
      network: 'TRON',
      address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
      amount: '25',
    };
    expect((await postSigned(app, fresh, '/api/v1/payouts', payout)).body.code).toBe(3201);

    const deposit = await ok(
      await postSigned(app, fresh, '/api/v1/test/deposits', {
        currency: 'USDT',
        network: 'TRON',
        amount: '100',
      }),
    );
    expect(deposit).toMatchObject({ currency: 'USDT', network: 'TRON', amount: '100' });
    expect(deposit.toAddress).toBe(app.chains.get('TRON')?.deriveAddress(fresh.merchantId, 1));
    const devnet = app.chains.devnet;
    if (!devnet) throw new Error('devnet mode expected');
    const confirmations = app.chains.get('TRON')?.confirmations ?? 0;
    for (let i = 0; i < confirmations; i++) await devnet.produceBlock();
    await app.watcher.tick();

    const after = await ok(await getSigned(app, fresh, '/api/v1/balances'));
    expect((after.list as { currency: string }[]).find((b) => b.currency === 'USDT')).toEqual({
      currency: 'USDT',
      available: '100',
      frozen: '0',
    });
    const made = await postSigned(app, fresh, '/api/v1/payouts', payout);
    expect(made.body.code, JSON.stringify(made.body)).toBe(0);
    const held = await ok(await getSigned(app, fresh, '/api/v1/balances'));
    const usdtAfter = (held.list as { currency: string; available: string; frozen: string }[]).find(
      (b) => b.currency === 'USDT',
    );
    expect(usdtAfter?.frozen).not.toBe('0');
  });

  it('refuses what it cannot send with the API field names, sending nothing', async () => {
    const cases: [unknown, number, string | undefined][] = [
      [{ currency: 'DOGE', network: 'TRON', amount: '1' }, 1001, 'currency'],
      [{ currency: 'USDT', network: 'TRON', amount: '1.1234567' }, 1001, 'amount'],
      [{ currency: 'USDT', network: 'TRON', amount: '-1' }, 1001, 'amount'],
      [{ currency: 'USDT', amount: '1' }, 1001, 'network'],
      [{ currency: 'USDT', network: 'SOLANA', amount: '1' }, 3002, undefined],
    ];
    for (const [body, code, field] of cases) {
      const { body: json } = await postSigned(app, shop, '/api/v1/test/deposits', body);
      expect(json.code, JSON.stringify(body)).toBe(code);
      if (field) expect(json.data.errors[0].field, JSON.stringify(body)).toBe(field);
    }
  });

  it('does not exist in live mode (404), as the devnet pay call', async () => {
    const live = await buildTestApp({
      env: {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC:
          'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about',
      },
    });
    try {
      const credentials = await createApiApplication(live);
      const { response } = await postSigned(live, credentials, '/api/v1/test/deposits', {
        currency: 'USDT',
        network: 'TRON',
        amount: '1',
      });
      expect(response.statusCode).toBe(404);
      expect((await getSigned(live, credentials, '/api/v1/balances')).body.code).toBe(0);
    } finally {
      await live.close();
    }
  });
});
