/**
 * The dashboard's order cards: GET /front/dashboard/today and GET /front/dashboard/week. Orders
 * are written as rows with chosen times, statuses and currencies, around the edges of the
 * merchant's day in Asia/Shanghai (16:00 UTC).
 */
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders } from '../src/db/schema';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { getAs } from './helpers/calls';
import { createMerchant, logInAs } from './helpers/factories';
import { createTestApplication } from './helpers/order-fixtures';

// 2026-11-26 10:30 in Shanghai; that day runs from 2026-11-25T16:00Z to 2026-11-26T16:00Z.
const clock = createTestClock(new Date('2026-11-26T02:30:00.000Z'));
const TODAY_START = new Date('2026-11-25T16:00:00.000Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
let app: FastifyInstance;
let token: string;
let otherToken: string;

type OrderType = 'collection' | 'payout';
interface OrderSpec {
  type: OrderType;
  createdAt: Date;
  completedAt?: Date;
  status?: 'pending' | 'completed' | 'expired' | 'failed';
  currency?: string;
  amount: string;
  fee?: string;
}

async function addOrders(merchantId: number, applicationId: number, specs: OrderSpec[]) {
  await app.db.insert(orders).values(
    specs.map((spec) => ({
      orderNo: `T${randomBytes(10).toString('hex')}`,
      type: spec.type,
      merchantId,
      applicationId,
      merchantOrderNo: randomBytes(8).toString('hex'),
      currency: spec.currency ?? 'USDT',
      network: 'TRON',
      amount: spec.amount,
      fee: spec.fee ?? '0',
      status: spec.status ?? (spec.completedAt ? 'completed' : 'pending'),
      test: true,
      requestHash: randomBytes(16).toString('hex'),
      createdAt: spec.createdAt,
      expiresAt: new Date(spec.createdAt.getTime() + HOUR),
      completedAt: spec.completedAt ?? null,
    })),
  );
}

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  const merchant = await createMerchant(app);
  token = await logInAs(app, merchant);
  const shop = await createTestApplication(app, merchant.id);
  const at = (offsetMs: number) => new Date(TODAY_START.getTime() + offsetMs);
  await addOrders(merchant.id, shop.id, [
    // Today: created and completed today, in USDT and in TRX (0.2731 USDT).
    { type: 'collection', createdAt: at(HOUR), completedAt: at(2 * HOUR), amount: '100.5', fee: '0.804' },
    {
      type: 'collection',
      createdAt: at(3 * HOUR),
      completedAt: at(3 * HOUR),
      currency: 'TRX',
      amount: '1000',
      fee: '8',
    },
    // Created today, not completed (pending, expired): counted as created only.
    { type: 'collection', createdAt: at(4 * HOUR), amount: '7' },
    { type: 'collection', createdAt: at(5 * HOUR), status: 'expired', amount: '9' },
    // Created yesterday at 23:59 Shanghai, completed today at 00:01: completed today, created yesterday.
    { type: 'collection', createdAt: at(-60_000), completedAt: at(60_000), amount: '20', fee: '0.16' },
    // The day before yesterday, and six days ago (the week's first day), and seven days ago (out).
    {
      type: 'collection',
      createdAt: at(-2 * DAY),
      completedAt: at(-2 * DAY + HOUR),
      amount: '50',
      fee: '0.4',
    },
    { type: 'collection', createdAt: at(-6 * DAY), completedAt: at(-6 * DAY), amount: '1', fee: '0.008' },
    { type: 'collection', createdAt: at(-7 * DAY), completedAt: at(-6 * DAY - 1), amount: '1000', fee: '8' },
    // Payouts today: one completed, one failed (created only).
    { type: 'payout', createdAt: at(HOUR), completedAt: at(HOUR), amount: '30', fee: '1' },
    { type: 'payout', createdAt: at(2 * HOUR), status: 'failed', amount: '40', fee: '1' },
  ]);
  // Another merchant's orders never show.
  const other = await createMerchant(app);
  otherToken = await logInAs(app, other);
  const otherShop = await createTestApplication(app, other.id);
  await addOrders(other.id, otherShop.id, [
    { type: 'collection', createdAt: at(HOUR), completedAt: at(HOUR), amount: '5000', fee: '40' },
  ]);
});

afterAll(async () => {
  await app.close();
});

describe('GET /front/dashboard/today', () => {
  it("sums today's orders in the merchant's day, completed money converted to USDT", async () => {
    const response = await getAs(app, '/dashboard/today', { token });
    expect(response.json()).toMatchObject({ code: 0 });
    expect(response.json().data).toEqual({
      collection: {
        day: '2026-11-26',
        created: 4,
        completed: 3,
        // 100.5 + 1000 × 0.2731 + 20 = 393.6; fees 0.804 + 8 × 0.2731 + 0.16 = 3.1488
        amountUsdt: '393.6',
        feeUsdt: '3.1488',
      },
      payout: { day: '2026-11-26', created: 2, completed: 1, amountUsdt: '30', feeUsdt: '1' },
    });
  });

  it('shows nothing of other merchants, and zeros where there is nothing', async () => {
    const response = await getAs(app, '/dashboard/today', { token: otherToken });
    expect(response.json().data.payout).toEqual({
      day: '2026-11-26',
      created: 0,
      completed: 0,
      amountUsdt: '0',
      feeUsdt: '0',
    });
    expect(response.json().data.collection).toMatchObject({ created: 1, completed: 1, amountUsdt: '5000' });
  });

  it('needs a session', async () => {
    for (const url of ['/dashboard/today', '/dashboard/week']) {
      const response = await getAs(app, url);
      expect(response.statusCode, url).toBe(401);
      expect(response.json().code, url).toBe(401);
    }
  });
});

describe('GET /front/dashboard/week', () => {
  it('gives seven days oldest first, today last, days without orders included', async () => {
    const response = await getAs(app, '/dashboard/week?type=collection', { token });
    const { type, days } = response.json().data;
    expect(type).toBe('collection');
    expect(days.map((day: { day: string }) => day.day)).toEqual([
      '2026-11-20',
      '2026-11-21',
      '2026-11-22',
      '2026-11-23',
      '2026-11-24',
      '2026-11-25',
      '2026-11-26',
    ]);
    const byDay = Object.fromEntries(days.map((day: { day: string }) => [day.day, day]));
    expect(byDay['2026-11-20']).toEqual({
      day: '2026-11-20',
      created: 1,
      completed: 1,
      amountUsdt: '1',
      feeUsdt: '0.008',
    });
    // Completed one millisecond before the week began: not in it; created then, not either.
    expect(byDay['2026-11-19']).toBeUndefined();
    expect(byDay['2026-11-24']).toMatchObject({ created: 1, completed: 1, amountUsdt: '50' });
    expect(byDay['2026-11-25']).toMatchObject({ created: 1, completed: 0, amountUsdt: '0' });
    expect(byDay['2026-11-23']).toEqual({
      day: '2026-11-23',
      created: 0,
      completed: 0,
      amountUsdt: '0',
      feeUsdt: '0',
    });
    // The week's last day is today's card.
    const today = (await getAs(app, '/dashboard/today', { token })).json().data.collection;
    expect(byDay['2026-11-26']).toEqual(today);
  });

  it('switches to payouts, and collection is the default', async () => {
    const payouts = (await getAs(app, '/dashboard/week?type=payout', { token })).json().data;
    expect(payouts.type).toBe('payout');
    expect(payouts.days.at(-1)).toMatchObject({ created: 2, completed: 1, amountUsdt: '30' });
    const plain = (await getAs(app, '/dashboard/week', { token })).json().data;
    expect(plain.type).toBe('collection');
  });

  it('refuses an unknown type with the localized field error', async () => {
    const response = await getAs(app, '/dashboard/week?type=refund', { token, lang: 'en_US' });
    expect(response.json().code).toBe(1001);
    expect(response.json().data.errors).toEqual([{ field: 'type', message: expect.any(String) }]);
  });
});
