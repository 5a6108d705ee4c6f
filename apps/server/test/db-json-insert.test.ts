/**
 * insertJsonRows: rows sent as one JSON parameter come back exactly as drizzle's own INSERT …
 * RETURNING gives them (money as exact decimals, dates, booleans, nulls, defaults), in the order
 * given with identities numbered in that order, and ON CONFLICT DO NOTHING skips taken keys.
 */
import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertJsonRows } from '../src/db/json-insert';
import { orders } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createApiApplication } from './helpers/signed-api';

const clock = createTestClock(new Date('2026-11-25T09:00:00.123Z'));
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
});
afterAll(async () => {
  await app.close();
});

describe('insertJsonRows', () => {
  it('answers what drizzle’s own insert answers, in the order given, numbering identities in it', async () => {
    const creds = await createApiApplication(app);
    const row = (n: string, extra: Partial<typeof orders.$inferInsert> = {}) => ({
      orderNo: `T${randomBytes(8).toString('hex')}`,
      type: 'payout' as const,
      merchantId: creds.merchantId,
      applicationId: creds.id,
      merchantOrderNo: n,
      source: 'api' as const,
      currency: 'USDT',
      network: 'TRON',
      amount: '123456789012345678.000000000000000001',
      fee: '0.1',
      status: 'pending_review' as const,
      description: 'quote " backslash \\ 中文 \u0000'.replace('\u0000', ''),
      callbackUrl: '',
      test: false,
      requestHash: 'h',
      createdAt: clock.now(),
      updatedAt: new Date('2026-11-25T09:00:01.999Z'),
      expiresAt: clock.now(),
      ...extra,
    });
    const [viaDrizzle] = await app.db.insert(orders).values(row('drizzle')).returning();
    const mine = await insertJsonRows(app.db, orders, [row('j-3'), row('j-1', { test: true }), row('j-2')]);
    expect(mine.map((r) => r.merchantOrderNo)).toEqual(['j-3', 'j-1', 'j-2']);
    expect(mine[1]?.id).toBe((mine[0]?.id ?? 0) + 1);
    expect(mine[2]?.id).toBe((mine[1]?.id ?? 0) + 1);
    const {
      id: _a,
      orderNo: _b,
      merchantOrderNo: _c,
      ...expected
    } = viaDrizzle as typeof orders.$inferSelect;
    const { id: _d, orderNo: _e, merchantOrderNo: _f, test, ...got } = mine[1] as typeof orders.$inferSelect;
    const { test: _g, ...expectedBut } = expected;
    expect(got).toEqual(expectedBut);
    expect(test).toBe(true);
    expect(got.amount).toBe('123456789012345678.000000000000000001');
    expect(got.updatedAt.toISOString()).toBe('2026-11-25T09:00:01.999Z');
    const [stored] = await app.db
      .select()
      .from(orders)
      .where(eq(orders.id, mine[0]?.id ?? 0));
    expect(stored).toEqual(mine[0]);
    // Taken keys are skipped: only the new one comes back.
    const again = await insertJsonRows(app.db, orders, [row('j-1'), row('j-4'), row('j-2')], {
      onConflictDoNothing: true,
    });
    expect(again.map((r) => r.merchantOrderNo)).toEqual(['j-4']);
    await expect(
      insertJsonRows(app.db, orders, [row('j-5'), { ...row('j-6'), paidAmount: '0' }]),
    ).rejects.toThrow(/same columns/);
    expect(await insertJsonRows(app.db, orders, [])).toEqual([]);
  });
});
