/**
 * The payout API (issue 8): signed like collections, idempotent by merchantOrderNo (3001 on other
 * content), batches all or nothing, the payout's order mirroring its withdrawal with the
 * payout.* callbacks, and the races: R1 (200 parallel payouts against a balance that fits exactly
 * 100, fee included: exactly 100 succeed, never negative) and two batches at once that together
 * exceed the balance (one wins whole, the other changes nothing). ledger:verify runs after.
 */
import { payoutObject } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GAS_WALLET, HOT_WALLET } from '../src/chains/chain-adapter';
import { balances, callbackEvents, fundRecords, merchants, orders, withdrawals } from '../src/db/schema';
import { createPayouts } from '../src/modules/assets/payout.service';
import { approveWithdrawal, rejectWithdrawal } from '../src/modules/assets/withdrawal.service';
import { postFundRecords } from '../src/modules/ledger/post-fund-record';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs, postJson } from './helpers/calls';
import { DEFAULT_PASSWORD, logInAs, setBalance } from './helpers/factories';
import { expectLedgerClean, expectReportStatsExact } from './helpers/ledger';
import { type ApiCredentials, createApiApplication, getSigned, postSigned } from './helpers/signed-api';

const TRON_ADDRESS = 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH';
const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { API_RATE_LIMIT: '100000' } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
  await app.jobs.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await expectReportStatsExact(app.db);
  await app.close();
});

async function blocks(n: number) {
  for (let i = 0; i < n; i++) await app.chains.devnet?.produceBlock();
  await app.watcher.tick();
}
const deps = () => ({ db: app.db, now: app.now, chains: app.chains });
const payout = (n: string | number, extra: Record<string, unknown> = {}) => ({
  merchantOrderNo: `po-${n}`,
  currency: 'USDT',
  network: 'TRON',
  address: TRON_ADDRESS,
  amount: '10',
  ...extra,
});
const balanceOf = async (merchantId: number) => {
  const [row] = await app.db
    .select({ available: balances.available, frozen: balances.frozen })
    .from(balances)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, 'USDT')));
  return { available: Number(row?.available ?? 0), frozen: Number(row?.frozen ?? 0) };
};
async function shop(available: string, autoApproveUsdt?: string): Promise<ApiCredentials> {
  const credentials = await createApiApplication(app);
  await setBalance(app, { merchantId: credentials.merchantId, coinName: 'USDT', available });
  if (autoApproveUsdt) {
    const { merchants } = await import('../src/db/schema');
    await app.db.update(merchants).set({ autoApproveUsdt }).where(eq(merchants.id, credentials.merchantId));
  }
  return credentials;
}

describe('POST /api/v1/payouts', () => {
  it('freezes amount + fee, is idempotent by merchantOrderNo, and reads back', async () => {
    const creds = await shop('100');
    const first = await postSigned(app, creds, '/api/v1/payouts', payout(1, { description: 'Refund #7' }));
    expect(first.body.code).toBe(0);
    const created = payoutObject.strict().parse(first.body.data);
    expect(created).toMatchObject({
      merchantOrderNo: 'po-1',
      appId: creds.appId,
      currency: 'USDT',
      network: 'TRON',
      address: TRON_ADDRESS,
      amount: '10',
      fee: '1',
      status: 'pending_review',
      txHash: null,
      description: 'Refund #7',
      test: true,
    });
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 89, frozen: 11 });
    // In the fund flow under the payout's own type and number (not its withdrawal's).
    const frozen = await app.db
      .select()
      .from(fundRecords)
      .where(eq(fundRecords.merchantId, creds.merchantId));
    expect(
      frozen.slice(-2).map((r) => [r.type, r.orderNo, r.bucket, Number(r.changeAmount), r.status]),
    ).toEqual([
      ['payout', created.orderNo, 'available', -11, 'frozen'],
      ['payout', created.orderNo, 'frozen', 11, 'frozen'],
    ]);
    // The same content: the same payout, nothing frozen again.
    const again = await postSigned(app, creds, '/api/v1/payouts', payout(1, { description: 'Refund #7' }));
    expect(again.body.data.orderNo).toBe(created.orderNo);
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 89, frozen: 11 });
    // Other content under the same number: 3001, nothing written.
    const conflict = await postSigned(app, creds, '/api/v1/payouts', payout(1, { amount: '11' }));
    expect(conflict.body.code).toBe(3001);
    const read = await getSigned(app, creds, `/api/v1/payouts/${created.orderNo}`);
    expect(read.body.data).toEqual(created);
    // Another application's payout is not found.
    const other = await shop('1');
    expect((await getSigned(app, other, `/api/v1/payouts/${created.orderNo}`)).body.code).toBe(404);
    // By the shop's own number too; a payout is no collection order.
    expect((await getSigned(app, creds, '/api/v1/payouts?merchantOrderNo=po-1')).body.data).toEqual(created);
    expect((await getSigned(app, creds, '/api/v1/payouts?merchantOrderNo=po-2')).body.code).toBe(404);
    expect((await getSigned(app, other, '/api/v1/payouts?merchantOrderNo=po-1')).body.code).toBe(404);
    expect((await getSigned(app, creds, `/api/v1/collections/${created.orderNo}`)).body.code).toBe(404);
    expect((await getSigned(app, creds, '/api/v1/collections?merchantOrderNo=po-1')).body.code).toBe(404);
  });

  it('answers a repeat while payouts are locked (3202), so a shop retrying after a timeout learns what it made', async () => {
    const creds = await shop('100');
    const made = await postSigned(app, creds, '/api/v1/payouts', payout(1));
    expect(made.body.code).toBe(0);
    const lockedUntil = new Date(clock.now().getTime() + 24 * 3600_000);
    await app.db
      .update(merchants)
      .set({ withdrawalLockedUntil: lockedUntil })
      .where(eq(merchants.id, creds.merchantId));
    const again = await postSigned(app, creds, '/api/v1/payouts', payout(1));
    expect(again.body).toMatchObject({ code: 0, data: made.body.data });
    // Other content under its number: 3001, as unlocked.
    expect((await postSigned(app, creds, '/api/v1/payouts', payout(1, { amount: '11' }))).body.code).toBe(
      3001,
    );
    // Anything new: the lock, with its end.
    const fresh = await postSigned(app, creds, '/api/v1/payouts', payout(2), { lang: 'en_US' });
    expect(fresh.body).toMatchObject({ code: 3202, data: { lockedUntil: lockedUntil.toISOString() } });
    // The message's time: ISO 8601 with its offset, in the merchants' time zone.
    const local = new Date(lockedUntil.getTime() + 8 * 3600_000).toISOString().slice(0, 19);
    expect(fresh.body.message).toContain(`They open again at ${local}+08:00`);
    expect(new Date(`${local}+08:00`).getTime()).toBe(lockedUntil.getTime());
    const batch = await postSigned(app, creds, '/api/v1/payouts/batch', { items: [payout(1), payout(3)] });
    expect(batch.body.code).toBe(3202);
    const repeatBatch = await postSigned(app, creds, '/api/v1/payouts/batch', { items: [payout(1)] });
    expect(repeatBatch.body).toMatchObject({ code: 0, data: { items: [made.body.data] } });
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 89, frozen: 11 });
    const count = await app.db.select().from(orders).where(eq(orders.merchantId, creds.merchantId));
    expect(count).toHaveLength(1);
  });

  it('refuses what a withdrawal refuses, naming the field, and 3201 when it does not fit', async () => {
    const creds = await shop('15');
    const cases: [Record<string, unknown>, number, string?][] = [
      [payout('a', { address: '0x9858EfFD232B4033E47d90003D41EC34EcaEda94' }), 1001, 'address'],
      [payout('b', { amount: '5' }), 1001, 'amount'],
      // A currency the network does not carry is 3002, as for a collection, naming the field.
      [payout('c', { currency: 'BNB' }), 3002, 'currency'],
      [payout('c', { currency: 'XYZ' }), 3002, 'currency'],
      [payout('d', { network: 'SOLANA' }), 3002],
      [payout('e', { amount: '14.5' }), 3201],
    ];
    for (const [body, code, field] of cases) {
      const { body: json } = await postSigned(app, creds, '/api/v1/payouts', body);
      expect(json.code, JSON.stringify(body)).toBe(code);
      if (field) expect(json.data.errors[0].field).toBe(field);
    }
    // A payout's limit is said as a payout's (the rules are a withdrawal's).
    const small = await postSigned(app, creds, '/api/v1/payouts', payout('b', { amount: '5' }), {
      lang: 'en_US',
    });
    expect(small.body.message).toBe('amount: The minimum payout is 10 USDT');
    const e = await postSigned(app, creds, '/api/v1/payouts', payout('e', { amount: '14.5' }), {
      lang: 'en_US',
    });
    expect(e.body.message).toBe(
      'Not enough available balance: 15.5 USDT needed (amount and fee), 15 USDT available',
    );
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 15, frozen: 0 });
    expect(await app.db.select().from(orders).where(eq(orders.merchantId, creds.merchantId))).toEqual([]);
  });

  it('refuses an address the platform holds (1001 on address, the item named in a batch), writing nothing', async () => {
    const creds = await shop('100');
    const tron = app.chains.get('TRON');
    const hot = tron?.deriveAddress(HOT_WALLET.index, HOT_WALLET.account) ?? '';
    const gas = tron?.deriveAddress(GAS_WALLET.index, GAS_WALLET.account) ?? '';
    const one = await postSigned(app, creds, '/api/v1/payouts', payout('own-1', { address: hot }), {
      lang: 'en_US',
    });
    expect(one.body.code).toBe(1001);
    expect(one.body.data.errors[0].field).toBe('address');
    expect(one.body.message).toBe(
      "address: This TRON address belongs to the platform itself (an order's or a deposit address, or the hot or gas wallet): enter an address outside the platform",
    );
    const batch = await postSigned(app, creds, '/api/v1/payouts/batch', {
      items: [payout('own-2'), payout('own-3', { address: gas })],
    });
    expect(batch.body.code).toBe(1001);
    expect(batch.body.data.errors[0].field).toBe('items.1.address');
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 100, frozen: 0 });
    expect(await app.db.select().from(orders).where(eq(orders.merchantId, creds.merchantId))).toEqual([]);
  });

  it('mirrors review, sending and the chain on its order, and tells the shop each step', async () => {
    const creds = await shop('100');
    const a = (await postSigned(app, creds, '/api/v1/payouts', payout('ok'))).body.data;
    const b = (await postSigned(app, creds, '/api/v1/payouts', payout('no'))).body.data;
    const idOf = async (orderNo: string) => {
      const [row] = await app.db
        .select({ id: withdrawals.id })
        .from(withdrawals)
        .innerJoin(orders, eq(orders.id, withdrawals.orderId))
        .where(eq(orders.orderNo, orderNo));
      return row?.id ?? 0;
    };
    await approveWithdrawal(deps(), await idOf(a.orderNo), 'ops:1');
    await rejectWithdrawal(deps(), await idOf(b.orderNo), 'ops:1', 'Unknown recipient');
    await blocks(3);
    expect((await getSigned(app, creds, `/api/v1/payouts/${a.orderNo}`)).body.data).toMatchObject({
      status: 'completed',
      txHash: expect.stringMatching(/^[0-9a-f]{64}$/),
    });
    expect((await getSigned(app, creds, `/api/v1/payouts/${b.orderNo}`)).body.data).toMatchObject({
      status: 'rejected',
      reason: 'Unknown recipient',
    });
    const [order] = await app.db.select().from(orders).where(eq(orders.orderNo, a.orderNo));
    expect(order).toMatchObject({ type: 'payout', status: 'completed' });
    const events = await app.db
      .select({ type: callbackEvents.type, body: callbackEvents.body })
      .from(callbackEvents)
      .where(eq(callbackEvents.merchantId, creds.merchantId))
      .orderBy(callbackEvents.createdAt);
    expect(events.map((e) => e.type).sort()).toEqual([
      'payout.completed',
      'payout.processing',
      'payout.rejected',
    ]);
    const completed = JSON.parse(events.find((e) => e.type === 'payout.completed')?.body ?? '{}');
    expect(completed.data.payout).toMatchObject({ orderNo: a.orderNo, status: 'completed' });
    // processing is told once sent: with the hash the shop can look up on chain.
    const processing = JSON.parse(events.find((e) => e.type === 'payout.processing')?.body ?? '{}');
    expect(processing.data.payout).toMatchObject({
      orderNo: a.orderNo,
      status: 'processing',
      txHash: completed.data.payout.txHash,
    });
    expect(processing.data.payout.txHash).toMatch(/^[0-9a-f]{64}$/);
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 89, frozen: 0 });
    // In the back office: the payout records (the destination as the receiving address) and the
    // application card's payout count.
    const [merchant] = await app.db.select().from(merchants).where(eq(merchants.id, creds.merchantId));
    const token = await logInAs(app, { email: merchant?.email ?? '', password: DEFAULT_PASSWORD });
    const page = await postJson(app, '/mchOrder/page', { type: 'payout' }, { token });
    expect(
      page
        .json()
        .data.list.map((r: Record<string, unknown>) => [
          r.merchantOrderNo,
          r.status,
          r.payAddress,
          r.type,
          r.cashierUrl,
        ]),
    ).toEqual([
      ['po-no', 'rejected', TRON_ADDRESS, 'payout', null],
      ['po-ok', 'completed', TRON_ADDRESS, 'payout', null],
    ]);
    // On the asset page, each payout's withdrawal says which payout order it was made for.
    const moves = await postJson(
      app,
      '/merchant/account/transaction-record',
      { type: 'withdrawal' },
      { token },
    );
    expect(
      moves
        .json()
        .data.list.map((r: { withdrawalSource: string; payoutOrderNo: string | null; status: string }) => [
          r.withdrawalSource,
          r.payoutOrderNo,
          r.status,
        ]),
    ).toEqual([
      ['api', b.orderNo, 'rejected'],
      ['api', a.orderNo, 'completed'],
    ]);
    // The withdrawal records' export says the same, in its Source column.
    const exported = async (kind: 'withdrawal' | 'payout') =>
      (await postJson(app, '/export', { kind, format: 'csv', filters: {} }, { token })).body
        .replace(/^\uFEFF/, '')
        .trim()
        .split('\r\n')
        .map((line) => line.split(','));
    const lines = await exported('withdrawal');
    expect(lines[0]?.[4]).toBe('来源');
    expect(lines.slice(1).map((cells) => cells[4])).toEqual([`代付 ${b.orderNo}`, `代付 ${a.orderNo}`]);
    // The payout records' export: each payout's destination (its withdrawal's address, the order
    // has none of its own) in the address column.
    expect((await exported('payout')).slice(1).map((cells) => [cells[1], cells[10]])).toEqual([
      ['po-no', TRON_ADDRESS],
      ['po-ok', TRON_ADDRESS],
    ]);
    // A payout's detail: its withdrawal's review and sending, the reason of a rejection, no transfers.
    const rejected = await getAs(app, `/mchOrder/getById?id=${page.json().data.list[0].orderNo}`, { token });
    expect(rejected.json().data).toMatchObject({
      order: { type: 'payout', cashierUrl: null, payAddress: TRON_ADDRESS, status: 'rejected' },
      transfers: [],
      withdrawal: {
        withdrawalNo: expect.any(String),
        status: 'rejected',
        reason: expect.any(String),
        reviewedAt: expect.any(String),
        sentAt: null,
      },
    });
    const completedDetail = await getAs(app, `/mchOrder/getById?id=${a.orderNo}`, { token });
    expect(completedDetail.json().data.withdrawal).toMatchObject({
      status: 'completed',
      reason: null,
      sentAt: expect.any(String),
      finishedAt: expect.any(String),
    });
    const byAddress = await postJson(
      app,
      '/mchOrder/page',
      { type: 'payout', payAddress: TRON_ADDRESS, status: 'completed' },
      { token },
    );
    expect(byAddress.json().data.total).toBe(1);
    expect((await postJson(app, '/mchOrder/page', { type: 'collection' }, { token })).json().data.total).toBe(
      0,
    );
    const apps = await postJson(app, '/app/list', {}, { token });
    expect(apps.json().data.list[0]).toMatchObject({ todayPayoutCount: 1, todayPayCount: 0 });
  });
});

describe('POST /api/v1/payouts/batch', () => {
  it('a payout to an EVM address sent in lower case is found in the records by that address in any case', async () => {
    const creds = await shop('100');
    const lower = '0x9858effd232b4033e47d90003d41ec34ecaeda94';
    const sent = await postSigned(
      app,
      creds,
      '/api/v1/payouts',
      payout('evm', { network: 'ETH', address: lower }),
    );
    expect(sent.body.code).toBe(0);
    const [merchant] = await app.db.select().from(merchants).where(eq(merchants.id, creds.merchantId));
    const token = await logInAs(app, { email: merchant?.email ?? '', password: DEFAULT_PASSWORD });
    for (const typed of [
      lower,
      '0x9858EfFD232B4033E47d90003D41EC34EcaEda94',
      lower.toUpperCase().replace('0X', '0x'),
    ]) {
      const page = await postJson(app, '/mchOrder/page', { type: 'payout', payAddress: typed }, { token });
      expect(
        page.json().data.list.map((r: { orderNo: string }) => r.orderNo),
        typed,
      ).toEqual([sent.body.data.orderNo]);
    }
    // A base58 address stays exact: another case is another address.
    const none = await postJson(
      app,
      '/mchOrder/page',
      { type: 'payout', payAddress: TRON_ADDRESS.toLowerCase() },
      { token },
    );
    expect(none.json().data.list).toEqual([]);
  });

  it("a payout frozen before payouts had records of their own keeps its withdrawal's filing to its end", async () => {
    const creds = await shop('100');
    const made = (await postSigned(app, creds, '/api/v1/payouts', payout('legacy'))).body.data;
    const [w] = await app.db
      .select()
      .from(withdrawals)
      .innerJoin(orders, eq(orders.id, withdrawals.orderId))
      .where(eq(orders.orderNo, made.orderNo));
    if (!w) throw new Error('no withdrawal');
    // As the version before wrote a payout's freeze: `withdraw` under the withdrawal's number.
    await app.db.transaction((tx) =>
      postFundRecords(
        tx,
        (['available', 'frozen'] as const).map((bucket) => ({
          merchantId: creds.merchantId,
          currency: 'USDT',
          type: 'withdraw' as const,
          bucket,
          change: bucket === 'available' ? '-1' : '1',
          amount: '1',
          fee: '0',
          orderNo: w.withdrawals.withdrawalNo,
          txHash: null,
          address: TRON_ADDRESS,
          network: 'TRON',
          status: 'pending_review',
          now: app.now(),
        })),
      ),
    );
    await rejectWithdrawal(deps(), w.withdrawals.id, 'ops:1', 'Unknown recipient');
    const records = await app.db
      .select()
      .from(fundRecords)
      .where(eq(fundRecords.merchantId, creds.merchantId));
    expect(records.slice(-2).map((r) => [r.type, r.orderNo, r.status])).toEqual([
      ['withdraw', w.withdrawals.withdrawalNo, 'released'],
      ['withdraw', w.withdrawals.withdrawalNo, 'released'],
    ]);
  });

  it('accepts all or none, names the bad item, and each item is idempotent', async () => {
    const creds = await shop('100');
    const bad = await postSigned(app, creds, '/api/v1/payouts/batch', {
      items: [payout('b1'), payout('b2', { address: 'nope' }), payout('b3')],
    });
    expect(bad.body.code).toBe(1001);
    expect(bad.body.data.errors[0].field).toBe('items.1.address');
    // One number twice with other content: 3001 naming both items (nothing of it exists yet).
    const twice = await postSigned(
      app,
      creds,
      '/api/v1/payouts/batch',
      { items: [payout('t1'), payout('t2'), payout('t1', { amount: '12' })] },
      { lang: 'en_US' },
    );
    expect(twice.body).toMatchObject({
      code: 3001,
      // Item numbers in a message count from 1; the field path is 0-based.
      message: 'items.2.merchantOrderNo: Item 1 has the same merchantOrderNo with different content',
    });
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 100, frozen: 0 });
    const ok = await postSigned(app, creds, '/api/v1/payouts/batch', {
      items: [payout('b1'), payout('b2'), payout('b3')],
    });
    expect(ok.body.code).toBe(0);
    expect(ok.body.data.items.map((p: { merchantOrderNo: string }) => p.merchantOrderNo)).toEqual(
      ['b1', 'b2', 'b3'].map((n) => `po-${n}`),
    );
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 67, frozen: 33 });
    // Sent again with one more: the three are the same, the fourth is new.
    const again = await postSigned(app, creds, '/api/v1/payouts/batch', {
      items: [payout('b1'), payout('b2'), payout('b3'), payout('b4')],
    });
    expect(again.body.data.items.slice(0, 3)).toEqual(ok.body.data.items);
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 56, frozen: 44 });
    // An existing payout's number with other content: 3001 naming the item and that payout.
    const existing = ok.body.data.items[1].orderNo;
    const taken = await postSigned(
      app,
      creds,
      '/api/v1/payouts/batch',
      { items: [payout('n1'), payout('b2', { amount: '12' })] },
      { lang: 'en_US' },
    );
    expect(taken.body).toEqual({
      code: 3001,
      data: {
        orderNo: existing,
        errors: [
          {
            field: 'items.1.merchantOrderNo',
            message: `Already used by payout ${existing} with different content`,
          },
        ],
      },
      message: `items.1.merchantOrderNo: Already used by payout ${existing} with different content`,
    });
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 56, frozen: 44 });
    // Too large, and more than what is available: nothing.
    const tooMany = await postSigned(app, creds, '/api/v1/payouts/batch', {
      items: Array.from({ length: 1001 }, (_, i) => payout(`x${i}`)),
    });
    expect(tooMany.body.code).toBe(1001);
    const tooMuch = await postSigned(app, creds, '/api/v1/payouts/batch', {
      items: Array.from({ length: 6 }, (_, i) => payout(`y${i}`)),
    });
    expect(tooMuch.body.code).toBe(3201);
    // The coin that does not fit, as the envelope documents it.
    expect(tooMuch.body.data).toEqual({ coinName: 'USDT', needed: '66', available: '56' });
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 56, frozen: 44 });
  });
});

describe('races', () => {
  it('R1: 200 parallel payouts against a balance that fits exactly 100 (fee included): exactly 100 succeed', {
    timeout: 120_000,
  }, async () => {
    const creds = await shop('1100');
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => postSigned(app, creds, '/api/v1/payouts', payout(`r1-${i}`))),
    );
    const codes = results.map((r) => r.body.code);
    expect(codes.filter((c) => c === 0)).toHaveLength(100);
    expect(codes.filter((c) => c === 3201)).toHaveLength(100);
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 0, frozen: 1100 });
    expect(
      await app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, creds.merchantId)),
    ).toHaveLength(100);
  });

  it('requests of one merchant arriving together (one group): each gets the answer it would have had alone', async () => {
    const creds = await shop('1000');
    const client = { applicationId: creds.id, merchantId: creds.merchantId, appId: creds.appId };
    const call = (items: Record<string, unknown>[], batch = false) =>
      createPayouts({ ...deps(), secrets: app.secrets }, client, items as never, { batch }).then(
        (payouts) => ({ ok: true as const, payouts }),
        (error: { code?: number; fieldErrors?: { field: string }[] }) => ({
          ok: false as const,
          code: error.code,
          field: error.fieldErrors?.[0]?.field,
        }),
      );
    await call([payout('g-old')]);
    const results = await Promise.all([
      ...Array.from({ length: 8 }, (_, i) => call([payout(`g-${i}`)])),
      call([payout('g-old')]), // the same again: the same payout
      call([payout('g-old', { amount: '12' })]), // the same number, other content: 3001
      call([payout('g-bad', { address: 'nope' })]), // refused by the rules, alone
      call([payout('g-twice')]), // one number in two requests of the group, same content
      call([payout('g-twice')]),
      call([payout('g-b1'), payout('g-b2', { address: 'nope' })], true), // a batch refused whole
      call([payout('g-b3'), payout('g-b4')], true),
    ]);
    expect(results.slice(0, 8).every((r) => r.ok)).toBe(true);
    const [old, conflict, bad, twiceA, twiceB, badBatch, goodBatch] = results.slice(8);
    expect(old?.ok && old.payouts[0]?.merchantOrderNo).toBe('po-g-old');
    expect(conflict).toMatchObject({ ok: false, code: 3001 });
    expect(bad).toMatchObject({ ok: false, code: 1001, field: 'address' });
    expect(twiceA?.ok && twiceB?.ok && twiceA.payouts[0]?.orderNo === twiceB.payouts[0]?.orderNo).toBe(true);
    expect(badBatch).toMatchObject({ ok: false, code: 1001, field: 'items.1.address' });
    expect(goodBatch?.ok && goodBatch.payouts.map((p) => p.merchantOrderNo)).toEqual(['po-g-b3', 'po-g-b4']);
    // g-old, 8 new, g-twice once, g-b3 and g-b4: 12 payouts of 10 + 1.
    const rows = await app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, creds.merchantId));
    expect(rows).toHaveLength(12);
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 1000 - 132, frozen: 132 });
  });

  it('a group that does not fit: each request tried alone, in arrival order', async () => {
    const creds = await shop('55');
    const client = { applicationId: creds.id, merchantId: creds.merchantId, appId: creds.appId };
    const results = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        createPayouts({ ...deps(), secrets: app.secrets }, client, [payout(`fit-${i}`) as never], {
          batch: false,
        }),
      ),
    );
    expect(results.map((r) => r.status)).toEqual([
      ...Array.from({ length: 5 }, () => 'fulfilled'),
      ...Array.from({ length: 3 }, () => 'rejected'),
    ]);
    for (const r of results.slice(5)) expect(r).toMatchObject({ reason: { code: 3201 } });
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 0, frozen: 55 });
  });

  it('two batches at once that together exceed the balance: one wins whole, the other changes nothing', {
    timeout: 60_000,
  }, async () => {
    const creds = await shop('330');
    const batch = (prefix: string) => ({
      items: Array.from({ length: 20 }, (_, i) => payout(`${prefix}${i}`)),
    });
    const [a, b] = await Promise.all([
      postSigned(app, creds, '/api/v1/payouts/batch', batch('A')),
      postSigned(app, creds, '/api/v1/payouts/batch', batch('B')),
    ]);
    expect([a.body.code, b.body.code].sort()).toEqual([0, 3201]);
    expect(await balanceOf(creds.merchantId)).toEqual({ available: 110, frozen: 220 });
    expect(
      await app.db.select().from(withdrawals).where(eq(withdrawals.merchantId, creds.merchantId)),
    ).toHaveLength(20);
  });
});
