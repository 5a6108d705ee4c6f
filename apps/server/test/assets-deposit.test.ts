/**
 * Deposits (issue 8): the merchant's own address per chain (stable, on the HD seed's account 1,
 * apart from order addresses), the devnet's simulated deposit, the watcher crediting it after
 * the confirmations as a `deposit` fund record, a transfer below the minimum recorded and never
 * credited, and the deposit records. Live mode: no address without a node, no simulation.
 */
import { depositAddress, testDepositResult, transactionRecordPage } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, depositAddresses, fundRecords } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { postJson } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';

const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const clock = createTestClock(new Date('2026-11-25T09:00:00.000Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now, env: { WALLET_MNEMONIC: TEST_MNEMONIC } });
  await app.ready();
  await app.chains.stop();
  await app.watcher.stop();
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const devnet = () => {
  if (!app.chains.devnet) throw new Error('devnet mode expected');
  return app.chains.devnet;
};
async function blocks(n: number) {
  for (let i = 0; i < n; i++) await devnet().produceBlock();
  await app.watcher.tick();
}
async function call(token: string, url: string, body: unknown, lang = 'en_US') {
  const response = await postJson(app, url, body, { token, lang });
  return { status: response.statusCode, body: response.json() };
}
async function ok(token: string, url: string, body: unknown) {
  const { status, body: json } = await call(token, url, body);
  expect(json.code, JSON.stringify(json)).toBe(0);
  expect(status).toBe(200);
  return json.data;
}
const balanceOf = async (merchantId: number, coinName: string) =>
  (
    await app.db
      .select({ available: balances.available, frozen: balances.frozen })
      .from(balances)
      .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)))
  )[0];

describe('POST /front/merchant/account/deposit', () => {
  it("gives the merchant's own address per chain: stable, account 1 at the merchant's id, apart from order addresses", async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const tron = depositAddress
      .strict()
      .parse(await ok(token, '/merchant/account/deposit', { coinName: 'USDT', chainId: 'TRON' }));
    expect(tron).toEqual({
      address: app.chains.get('TRON')?.deriveAddress(merchant.id, 1),
      chainId: 'TRON',
      coinName: 'USDT',
      minDepositAmount: '1',
      confirmations: 3,
    });
    expect(tron.address).toMatch(/^T[1-9A-HJ-NP-Za-km-z]{33}$/);
    expect(tron.address).not.toBe(app.chains.get('TRON')?.deriveAddress(merchant.id, 0));
    // Another coin of the same chain: the same address; asked again: the same.
    const trx = await ok(token, '/merchant/account/deposit', { coinName: 'TRX', chainId: 'TRON' });
    expect(trx.address).toBe(tron.address);
    expect(
      (await ok(token, '/merchant/account/deposit', { coinName: 'USDT', chainId: 'TRON' })).address,
    ).toBe(tron.address);
    // EVM chains share one derivation (as any wallet does); Dogecoin has its own.
    const eth = await ok(token, '/merchant/account/deposit', { coinName: 'USDT', chainId: 'ETH' });
    const bsc = await ok(token, '/merchant/account/deposit', { coinName: 'USDT', chainId: 'BSC' });
    expect(eth.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(bsc.address).toBe(eth.address);
    const doge = await ok(token, '/merchant/account/deposit', { coinName: 'DOGE', chainId: 'DOGE' });
    expect(doge.address).toMatch(/^D[1-9A-HJ-NP-Za-km-z]{33}$/);
    // Another merchant: another address.
    const other = await logInAs(app, await createMerchant(app));
    expect(
      (await ok(other, '/merchant/account/deposit', { coinName: 'USDT', chainId: 'TRON' })).address,
    ).not.toBe(tron.address);
    const stored = await app.db
      .select()
      .from(depositAddresses)
      .where(eq(depositAddresses.merchantId, merchant.id));
    expect(stored.map((row) => [row.chainId, row.account, row.addressIndex]).sort()).toEqual([
      ['BSC', 1, merchant.id],
      ['DOGE', 1, merchant.id],
      ['ETH', 1, merchant.id],
      ['TRON', 1, merchant.id],
    ]);
  });

  it('refuses what it cannot give, each with its own localized message, storing nothing', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const cases: [unknown, string, string][] = [
      [{ chainId: 'TRON' }, 'coinName', 'Please choose a currency'],
      [{ coinName: 'USDT' }, 'chainId', 'Please choose a network'],
      [{ coinName: 'USDT', chainId: '' }, 'chainId', 'Please choose a network'],
      [{ coinName: 'DOGE', chainId: 'TRON' }, 'coinName', 'This currency is not carried on this network'],
    ];
    for (const [body, field, message] of cases) {
      const { status, body: json } = await call(token, '/merchant/account/deposit', body);
      expect(status, JSON.stringify(body)).toBe(400);
      expect(json.code).toBe(1001);
      expect(json.data.errors).toEqual([{ field, message }]);
    }
    const unknown = await call(token, '/merchant/account/deposit', { coinName: 'USDT', chainId: 'SOLANA' });
    expect(unknown.body.code).toBe(3002);
    const zh = await call(token, '/merchant/account/deposit', { coinName: 'DOGE', chainId: 'TRON' }, 'zh_CN');
    expect(zh.body.data.errors[0].message).toBe('该网络不支持此币种');
    expect(
      await app.db.select().from(depositAddresses).where(eq(depositAddresses.merchantId, merchant.id)),
    ).toEqual([]);
    const anonymous = await postJson(app, '/merchant/account/deposit', { coinName: 'USDT', chainId: 'TRON' });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('a deposit through the devnet chain', () => {
  it('is credited after the confirmations as a deposit fund record, and listed in the records', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const sent = testDepositResult
      .strict()
      .parse(await ok(token, '/test/deposit', { coinName: 'USDT', chainId: 'TRON', amount: '125.5' }));
    expect(sent.address).toBe(app.chains.get('TRON')?.deriveAddress(merchant.id, 1));
    await app.watcher.tick(); // not in a block yet
    expect((await ok(token, '/merchant/account/transaction-record', { type: 'deposit' })).total).toBe(0);

    await blocks(1);
    let page = transactionRecordPage
      .strict()
      .parse(
        await ok(token, '/merchant/account/transaction-record', { type: 'deposit', pageNo: 1, pageSize: 10 }),
      );
    expect(page.list).toEqual([
      expect.objectContaining({
        type: 'deposit',
        coinName: 'USDT',
        chainId: 'TRON',
        address: sent.address,
        amount: '125.5',
        fee: '0',
        txHash: sent.txHash,
        status: 'confirming',
        confirmations: 1,
        confirmationsRequired: 3,
      }),
    ]);
    expect(await balanceOf(merchant.id, 'USDT')).toBeUndefined();

    await blocks(2);
    page = transactionRecordPage.parse(
      await ok(token, '/merchant/account/transaction-record', { type: 'deposit' }),
    );
    expect(page.list[0]).toMatchObject({ status: 'completed', confirmations: 3 });
    expect(await balanceOf(merchant.id, 'USDT')).toEqual({
      available: '125.500000000000000000',
      frozen: '0.000000000000000000',
    });
    const records = await app.db.select().from(fundRecords).where(eq(fundRecords.merchantId, merchant.id));
    expect(records).toHaveLength(1);
    expect(records[0]).toMatchObject({
      type: 'deposit',
      currency: 'USDT',
      bucket: 'available',
      txHash: sent.txHash,
      address: sent.address,
      network: 'TRON',
      status: 'completed',
    });
    // Its platform number (issue 31): the deposit record's, carried by its fund record and
    // shown by the fund flow, a credit.
    expect(page.list[0]?.id).toMatch(/^DP\d{8}[0-9A-F]{20}$/);
    expect(records[0]?.orderNo).toBe(page.list[0]?.id);
    const flow = await ok(token, '/merchant/account/funds-record', {});
    expect(flow.list).toEqual([expect.objectContaining({ orderNo: page.list[0]?.id, action: 'credit' })]);
    // More blocks and passes: credited once.
    await blocks(2);
    expect(
      await app.db.select().from(fundRecords).where(eq(fundRecords.merchantId, merchant.id)),
    ).toHaveLength(1);
  });

  it('records a transfer below the minimum, shows it as such, and never credits it', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    await ok(token, '/test/deposit', { coinName: 'USDT', chainId: 'ETH', amount: '0.5' });
    await ok(token, '/test/deposit', { coinName: 'USDT', chainId: 'ETH', amount: '1' });
    await blocks(4);
    const page = transactionRecordPage.parse(
      await ok(token, '/merchant/account/transaction-record', { type: 'deposit' }),
    );
    expect(page.list.map((r) => [r.amount, r.status])).toEqual([
      ['1', 'completed'],
      ['0.5', 'below_minimum'],
    ]);
    expect((await balanceOf(merchant.id, 'USDT'))?.available).toBe('1.000000000000000000');
    const below = await ok(token, '/merchant/account/transaction-record', {
      type: 'deposit',
      status: 'below_minimum',
    });
    expect(below.list.map((r: { amount: string }) => r.amount)).toEqual(['0.5']);
  });

  it('filters by coin, hash and time, pages, and lists only the caller’s own', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    const first = await ok(token, '/test/deposit', { coinName: 'TRX', chainId: 'TRON', amount: '10' });
    await blocks(1);
    clock.advance(60_000);
    const from = clock.now().toISOString();
    await ok(token, '/test/deposit', { coinName: 'DOGE', chainId: 'DOGE', amount: '20' });
    await ok(token, '/test/deposit', { coinName: 'DOGE', chainId: 'DOGE', amount: '30' });
    await blocks(1);
    const list = async (filters: object) =>
      transactionRecordPage.parse(
        await ok(token, '/merchant/account/transaction-record', { type: 'deposit', ...filters }),
      );
    expect((await list({})).total).toBe(3);
    expect((await list({ coinName: 'DOGE' })).list.map((r) => r.amount)).toEqual(['30', '20']);
    expect((await list({ hash: first.txHash })).list.map((r) => r.amount)).toEqual(['10']);
    expect((await list({ timeFrom: from })).total).toBe(2);
    expect((await list({ timeTo: from })).total).toBe(1);
    expect((await list({ pageNo: 2, pageSize: 2 })).list.map((r) => r.amount)).toEqual(['10']);
    // A reset form's empty filters mean "any"; a withdrawal status lists no deposit.
    expect((await list({ coinName: '', hash: null })).total).toBe(3);
    expect((await list({ status: 'pending_review' })).total).toBe(0);
    const other = await logInAs(app, await createMerchant(app));
    expect((await ok(other, '/merchant/account/transaction-record', { type: 'deposit' })).total).toBe(0);
    const bad = await call(token, '/merchant/account/transaction-record', { type: 'refund' });
    expect(bad.body.code).toBe(1001);
    expect(bad.body.data.errors).toEqual([
      { field: 'type', message: 'The type must be deposit or withdrawal' },
    ]);
  });

  it('refuses a simulated deposit it cannot make, with nothing sent', async () => {
    const token = await logInAs(app, await createMerchant(app));
    for (const [body, field] of [
      [{ coinName: 'USDT', chainId: 'TRON', amount: '0' }, 'amount'],
      [{ coinName: 'USDT', chainId: 'TRON', amount: 'abc' }, 'amount'],
      [{ coinName: 'USDT', chainId: 'TRON' }, 'amount'],
      [{ coinName: 'USDT', chainId: 'TRON', amount: '1.0000001' }, 'amount'],
      [{ coinName: 'BNB', chainId: 'TRON', amount: '1' }, 'coinName'],
    ] as const) {
      const { body: json } = await call(token, '/test/deposit', body);
      expect(json.code, JSON.stringify(body)).toBe(1001);
      expect(json.data.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    // A trillion or more: its own message (it was "greater than 0", which is not what is wrong).
    const { body: huge } = await call(token, '/test/deposit', {
      coinName: 'USDT',
      chainId: 'TRON',
      amount: '99999999999999999999999',
    });
    expect(huge.data.errors).toEqual([
      { field: 'amount', message: 'The amount must be less than 1,000,000,000,000' },
    ]);
  });
});

describe('live mode', () => {
  it('has no simulated deposit and no address on a chain without its node', async () => {
    const live = await buildTestApp({ env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: TEST_MNEMONIC } });
    try {
      const token = await logInAs(live, await createMerchant(live));
      const simulate = await postJson(
        live,
        '/test/deposit',
        { coinName: 'USDT', chainId: 'TRON', amount: '1' },
        { token },
      );
      expect(simulate.statusCode).toBe(404);
      const address = await postJson(
        live,
        '/merchant/account/deposit',
        { coinName: 'USDT', chainId: 'TRON' },
        { token },
      );
      expect(address.json().code).toBe(3002);
    } finally {
      await live.close();
    }
  });
});
