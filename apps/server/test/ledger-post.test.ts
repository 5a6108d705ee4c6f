/** The ledger: postFundRecord's (and postFundRecords') balance moves and hash chain, verifyLedger catching tampering, and no fork under concurrency. */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balances, fundRecords, merchants } from '../src/db/schema';
import { GENESIS_HASH } from '../src/modules/ledger/fund-record-hash';
import {
  type FundRecordInput,
  InsufficientBalanceError,
  postFundRecord,
  postFundRecords,
} from '../src/modules/ledger/post-fund-record';
import { verifyLedger } from '../src/modules/ledger/verify-ledger';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { expectLedgerClean } from './helpers/ledger';

const clock = createTestClock();
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

const entry = (
  merchantId: number,
  change: string,
  overrides: Partial<FundRecordInput> = {},
): FundRecordInput => ({
  merchantId,
  currency: 'USDT',
  type: 'collection',
  bucket: 'available',
  change,
  amount: change.replace('-', ''),
  fee: '0',
  orderNo: null,
  txHash: null,
  address: null,
  network: 'TRON',
  status: 'completed',
  now: clock.now(),
  ...overrides,
});

const post = (input: FundRecordInput) => app.db.transaction((tx) => postFundRecord(tx, input));
const recordsOf = (merchantId: number) =>
  app.db
    .select()
    .from(fundRecords)
    .where(eq(fundRecords.merchantId, merchantId))
    .orderBy(asc(fundRecords.id));
const balanceOf = async (merchantId: number, coinName = 'USDT') =>
  (
    await app.db
      .select()
      .from(balances)
      .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, coinName)))
  )[0];
const problemsOf = async (merchantId: number) =>
  (await verifyLedger(app.db)).filter((p) => p.merchantId === merchantId);
const deleteMerchant = (merchantId: number) => app.db.delete(merchants).where(eq(merchants.id, merchantId));
/**
 * Tampering tests end by removing their merchant, ledger first (the money tables RESTRICT a
 * merchant's deletion), so the file's ledger is clean again.
 */
const dropMerchant = async (merchantId: number) => {
  await app.db.delete(fundRecords).where(eq(fundRecords.merchantId, merchantId));
  await app.db.delete(balances).where(eq(balances.merchantId, merchantId));
  await deleteMerchant(merchantId);
};

/** A merchant with three USDT records: +100, +50.5, −20 (available) and +7 frozen. */
async function merchantWithHistory() {
  const merchant = await createMerchant(app);
  await post(entry(merchant.id, '100', { fee: '0.8', amount: '100.8' }));
  await post(entry(merchant.id, '50.5'));
  await post(entry(merchant.id, '-20', { type: 'withdraw' }));
  await post(entry(merchant.id, '7', { bucket: 'frozen', type: 'payout' }));
  return merchant;
}

describe('postFundRecord', () => {
  it('makes a merchant with fund records undeletable: the delete is refused and nothing is lost', async () => {
    const merchant = await merchantWithHistory();
    const records = await recordsOf(merchant.id);
    const balance = await balanceOf(merchant.id);
    const refusal = await deleteMerchant(merchant.id).then(
      () => null,
      (error: { cause?: { code?: string }; code?: string }) => error.cause?.code ?? error.code,
    );
    // restrict_violation (PGlite) or foreign_key_violation (the PostgreSQL server), by version.
    expect(['23001', '23503']).toContain(refusal);
    expect(await app.db.select().from(merchants).where(eq(merchants.id, merchant.id))).toHaveLength(1);
    expect(await recordsOf(merchant.id)).toEqual(records);
    expect(await balanceOf(merchant.id)).toEqual(balance);
    expect(await problemsOf(merchant.id)).toEqual([]);
  });

  it('moves the bucket and records before, change and after, chained by hash', async () => {
    const merchant = await merchantWithHistory();
    expect(await balanceOf(merchant.id)).toMatchObject({
      available: '130.500000000000000000',
      frozen: '7.000000000000000000',
    });
    const records = await recordsOf(merchant.id);
    expect(
      records.map((r) => [r.bucket, r.balanceBefore, r.changeAmount, r.balanceAfter].map(String)),
    ).toEqual([
      ['available', '0.000000000000000000', '100.000000000000000000', '100.000000000000000000'],
      ['available', '100.000000000000000000', '50.500000000000000000', '150.500000000000000000'],
      ['available', '150.500000000000000000', '-20.000000000000000000', '130.500000000000000000'],
      ['frozen', '0.000000000000000000', '7.000000000000000000', '7.000000000000000000'],
    ]);
    expect(records[0]).toMatchObject({
      prevHash: GENESIS_HASH,
      amount: '100.800000000000000000',
      fee: '0.800000000000000000',
    });
    for (let i = 1; i < records.length; i++) expect(records[i]?.prevHash).toBe(records[i - 1]?.hash);
    expect(new Set(records.map((r) => r.hash)).size).toBe(4);
    expect(await problemsOf(merchant.id)).toEqual([]);
  });

  it('keeps a chain per currency', async () => {
    const merchant = await createMerchant(app);
    const usdt = await post(entry(merchant.id, '1'));
    const trx = await post(entry(merchant.id, '2', { currency: 'TRX' }));
    expect(usdt.prevHash).toBe(GENESIS_HASH);
    expect(trx.prevHash).toBe(GENESIS_HASH);
    expect((await post(entry(merchant.id, '3', { currency: 'TRX' }))).prevHash).toBe(trx.hash);
  });

  it('refuses to take a bucket below zero, writing nothing', async () => {
    const merchant = await createMerchant(app);
    await post(entry(merchant.id, '10'));
    await expect(post(entry(merchant.id, '-10.000001', { type: 'withdraw' }))).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    await expect(post(entry(merchant.id, '-1', { bucket: 'frozen' }))).rejects.toBeInstanceOf(
      InsufficientBalanceError,
    );
    expect(await recordsOf(merchant.id)).toHaveLength(1);
    expect((await balanceOf(merchant.id))?.available).toBe('10.000000000000000000');
    await post(entry(merchant.id, '-10', { type: 'withdraw' }));
    expect((await balanceOf(merchant.id))?.available).toBe('0.000000000000000000');
  });

  it('writes nothing when the caller’s transaction rolls back', async () => {
    const merchant = await createMerchant(app);
    await expect(
      app.db.transaction(async (tx) => {
        await postFundRecord(tx, entry(merchant.id, '5'));
        throw new Error('the order update failed');
      }),
    ).rejects.toThrow('the order update failed');
    expect(await recordsOf(merchant.id)).toHaveLength(0);
    expect((await balanceOf(merchant.id))?.available ?? '0').toMatch(/^0(\.0+)?$/);
  });

  it('never forks the chain under 50 concurrent postings to one balance', async () => {
    const merchant = await createMerchant(app);
    await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        app.db.transaction(async (tx) => {
          // Work before the ledger call widens the window a fork would need.
          await tx.execute(sql`select pg_sleep(0.001)`);
          return postFundRecord(tx, entry(merchant.id, `${i + 1}.25`, { txHash: `tx-${i}` }));
        }),
      ),
    );
    const records = await recordsOf(merchant.id);
    expect(records).toHaveLength(50);
    for (let i = 1; i < records.length; i++) {
      expect(records[i]?.prevHash).toBe(records[i - 1]?.hash);
      expect(records[i]?.balanceBefore).toBe(records[i - 1]?.balanceAfter);
    }
    // 1.25 + 2.25 + … + 50.25 = 1275 + 12.5
    expect((await balanceOf(merchant.id))?.available).toBe('1287.500000000000000000');
    expect(await problemsOf(merchant.id)).toEqual([]);
  });
});

describe('postFundRecords (many at once)', () => {
  const strip = (r: Record<string, unknown>) => {
    const { id: _id, merchantId: _m, prevHash: _p, hash: _h, createdAt: _c, ...rest } = r;
    return rest;
  };

  it('writes what posting one by one writes: balances, befores and afters, one chain per currency', async () => {
    const one = await createMerchant(app);
    const many = await createMerchant(app);
    const moves = (merchantId: number): FundRecordInput[] => [
      entry(merchantId, '100'),
      entry(merchantId, '5', { currency: 'TRX' }),
      entry(merchantId, '-11', { type: 'withdraw', orderNo: 'WD1' }),
      entry(merchantId, '11', { type: 'withdraw', orderNo: 'WD1', bucket: 'frozen' }),
      entry(merchantId, '-2.5', { type: 'withdraw', currency: 'TRX', orderNo: 'WD2' }),
      entry(merchantId, '2.5', { type: 'withdraw', currency: 'TRX', orderNo: 'WD2', bucket: 'frozen' }),
      entry(merchantId, '-11', { type: 'withdraw', orderNo: 'WD1', bucket: 'frozen' }),
      entry(merchantId, '0.000000000000000001'),
    ];
    for (const input of moves(one.id)) await post(input);
    const written = await app.db.transaction((tx) => postFundRecords(tx, moves(many.id)));
    const stored = await recordsOf(many.id);
    expect(written.map((r) => r.id)).toEqual(stored.map((r) => r.id));
    expect(stored.map(strip)).toEqual((await recordsOf(one.id)).map(strip));
    expect(await balanceOf(many.id)).toMatchObject({
      available: '89.000000000000000001',
      frozen: '0.000000000000000000',
    });
    expect(await balanceOf(many.id, 'TRX')).toMatchObject({
      available: '2.500000000000000000',
      frozen: '2.500000000000000000',
    });
    const trx = stored.filter((r) => r.currency === 'TRX');
    expect(trx[0]?.prevHash).toBe(GENESIS_HASH);
    expect(trx[1]?.prevHash).toBe(trx[0]?.hash);
    expect(await problemsOf(many.id)).toEqual([]);
  });

  it('continues the chain already there, and 2,500 records take one insert per thousand', async () => {
    const merchant = await createMerchant(app);
    const first = await post(entry(merchant.id, '2500'));
    const inputs = Array.from({ length: 2500 }, (_, i) =>
      entry(merchant.id, i % 2 === 0 ? '-2' : '1', { type: 'withdraw', orderNo: `WD${i}` }),
    );
    const written = await app.db.transaction((tx) => postFundRecords(tx, inputs));
    expect(written[0]?.prevHash).toBe(first.hash);
    expect(written[0]?.balanceBefore).toBe('2500');
    expect(written.at(-1)?.balanceAfter).toBe('1250');
    expect((await balanceOf(merchant.id))?.available).toBe('1250.000000000000000000');
    expect(await problemsOf(merchant.id)).toEqual([]);
  });

  it('refuses, writing nothing, when the net does not fit or a debit comes before the credit that covers it', async () => {
    const merchant = await createMerchant(app);
    await post(entry(merchant.id, '10'));
    await expect(
      app.db.transaction((tx) =>
        postFundRecords(tx, [entry(merchant.id, '-6'), entry(merchant.id, '-5'), entry(merchant.id, '1')]),
      ),
    ).rejects.toBeInstanceOf(InsufficientBalanceError);
    // The net (+1) fits, but the debit of 15 meets 10 at its turn.
    await expect(
      app.db.transaction((tx) => postFundRecords(tx, [entry(merchant.id, '-15'), entry(merchant.id, '16')])),
    ).rejects.toMatchObject({ name: 'InsufficientBalanceError', bucket: 'available', currency: 'USDT' });
    await expect(
      app.db.transaction((tx) => postFundRecords(tx, [entry(merchant.id, '-1', { bucket: 'frozen' })])),
    ).rejects.toMatchObject({ bucket: 'frozen' });
    expect(await recordsOf(merchant.id)).toHaveLength(1);
    expect(await balanceOf(merchant.id)).toMatchObject({
      available: '10.000000000000000000',
      frozen: '0.000000000000000000',
    });
    await app.db.transaction((tx) =>
      postFundRecords(tx, [entry(merchant.id, '16'), entry(merchant.id, '-15')]),
    );
    expect((await balanceOf(merchant.id))?.available).toBe('11.000000000000000000');
    expect(await problemsOf(merchant.id)).toEqual([]);
  });

  it('never forks a chain when groups and single postings race on one balance', async () => {
    const merchant = await createMerchant(app);
    await post(entry(merchant.id, '1000'));
    await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        app.db.transaction(async (tx) => {
          await tx.execute(sql`select pg_sleep(0.001)`);
          if (i % 3 === 0) return postFundRecord(tx, entry(merchant.id, '-1', { type: 'withdraw' }));
          return postFundRecords(tx, [
            entry(merchant.id, '-3', { type: 'withdraw' }),
            entry(merchant.id, '3', { type: 'withdraw', bucket: 'frozen' }),
          ]);
        }),
      ),
    );
    const records = await recordsOf(merchant.id);
    expect(records).toHaveLength(1 + 10 + 40);
    for (let i = 1; i < records.length; i++) expect(records[i]?.prevHash).toBe(records[i - 1]?.hash);
    expect(await balanceOf(merchant.id)).toMatchObject({
      available: '930.000000000000000000',
      frozen: '60.000000000000000000',
    });
    expect(await problemsOf(merchant.id)).toEqual([]);
  });
});

describe('verifyLedger', () => {
  it('catches a tampered amount', async () => {
    const merchant = await merchantWithHistory();
    const [, second] = await recordsOf(merchant.id);
    await app.db
      .update(fundRecords)
      .set({ amount: '5000' })
      .where(eq(fundRecords.id, second?.id ?? 0));
    expect(await problemsOf(merchant.id)).toEqual([
      expect.objectContaining({
        recordId: second?.id,
        check: 'hash',
        detail: expect.stringMatching(/content/),
      }),
    ]);
    await dropMerchant(merchant.id);
  });

  it('catches a tampered change (with its after) through the balance, the next record and the hash', async () => {
    const merchant = await merchantWithHistory();
    const [first] = await recordsOf(merchant.id);
    await app.db
      .update(fundRecords)
      .set({ changeAmount: '1000', balanceAfter: '1000' })
      .where(eq(fundRecords.id, first?.id ?? 0));
    const checks = (await problemsOf(merchant.id)).map((p) => p.check).sort();
    expect(checks).toEqual(['balance', 'continuity', 'hash']);
    await dropMerchant(merchant.id);
  });

  it('catches a deleted record', async () => {
    const merchant = await merchantWithHistory();
    const [, second, third] = await recordsOf(merchant.id);
    await app.db.delete(fundRecords).where(eq(fundRecords.id, second?.id ?? 0));
    const problems = await problemsOf(merchant.id);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          recordId: third?.id,
          check: 'hash',
          detail: expect.stringMatching(/removed/),
        }),
        expect.objectContaining({ recordId: third?.id, check: 'continuity' }),
        expect.objectContaining({ recordId: null, check: 'balance' }),
      ]),
    );
    await dropMerchant(merchant.id);
  });

  it('catches a deleted last record through the balance', async () => {
    const merchant = await merchantWithHistory();
    const records = await recordsOf(merchant.id);
    await app.db.delete(fundRecords).where(eq(fundRecords.id, records.at(-1)?.id ?? 0));
    expect(await problemsOf(merchant.id)).toEqual([
      expect.objectContaining({ recordId: null, check: 'balance', detail: expect.stringMatching(/^frozen/) }),
    ]);
    await dropMerchant(merchant.id);
  });

  it('catches a broken before/after (before and after moved together)', async () => {
    const merchant = await merchantWithHistory();
    const [, second] = await recordsOf(merchant.id);
    await app.db
      .update(fundRecords)
      .set({ balanceBefore: '90', balanceAfter: '140.5' })
      .where(eq(fundRecords.id, second?.id ?? 0));
    const problems = await problemsOf(merchant.id);
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          recordId: second?.id,
          check: 'continuity',
          detail: expect.stringMatching(/before 90 is not the previous after 100/),
        }),
        expect.objectContaining({ recordId: second?.id, check: 'hash' }),
      ]),
    );
    await dropMerchant(merchant.id);
  });

  it('catches a balance changed outside the ledger, and a balance without records', async () => {
    const merchant = await merchantWithHistory();
    await app.db
      .update(balances)
      .set({ available: sql`${balances.available} + 1` })
      .where(and(eq(balances.merchantId, merchant.id), eq(balances.coinName, 'USDT')));
    await app.db.insert(balances).values({ merchantId: merchant.id, coinName: 'ETH', available: '3' });
    const problems = await problemsOf(merchant.id);
    expect(problems).toEqual([
      expect.objectContaining({
        currency: 'USDT',
        check: 'balance',
        detail: 'available balance 131.5 is not the sum of its changes 130.5',
      }),
      expect.objectContaining({
        currency: 'ETH',
        check: 'balance',
        detail: 'available balance 3 is not the sum of its changes 0',
      }),
    ]);
    await dropMerchant(merchant.id);
  });

  it('catches a record inserted into the middle of a chain', async () => {
    const merchant = await merchantWithHistory();
    const [first] = await recordsOf(merchant.id);
    if (!first) throw new Error('no record');
    const { id: _id, ...copy } = first;
    await app.db.insert(fundRecords).values({ ...copy, hash: 'f'.repeat(64) });
    expect((await problemsOf(merchant.id)).map((p) => p.check)).toEqual(
      expect.arrayContaining(['hash', 'continuity', 'balance']),
    );
    await dropMerchant(merchant.id);
  });
});
