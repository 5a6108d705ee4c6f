/**
 * The model test: fast-check drives 1,000 runs of 50 random commands (create, pay partially,
 * pay fully, overpay, pay late, expire, resend, mine, watch, rescan) against the real order
 * service, watcher and ledger on one PGlite database, and against a small in-memory model of
 * the rules. After every watcher pass each order's status, exception and paidAmount, and the
 * merchant's balance, must be the model's; each run ends settled (every order expired or
 * completed, every payment credited or never seen); the ledger verifies clean at the end.
 *
 * Speed: one database for every run; each run has a fresh merchant, application and chain
 * (the TRON cursor reset to its genesis), and the clock jumps 8 days first. Every address stays
 * watched for ever (one watcher node for all runs, its watched set growing), but a run's chain
 * pays only its own orders. A payment is late by its block's time (the clock when it was
 * paid), not by the pass that sees it. Measured on the 2-core development machine: see the
 * decision record (docs/decisions/2026-11-23-orders-and-ledger.md).
 */
import { ErrorCode, Money, money } from '@tollgate/contracts';
import { and, eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balances, chainCursors, chainTransfers, orders } from '../../src/db/schema';
import { isAppErrorWith } from '../../src/lib/app-error';
import { resendOrderCallback } from '../../src/modules/callbacks/callbacks.service';
import { createCollectionOrder } from '../../src/modules/orders/order.service';
import { runWatcherTick, type WatcherDeps } from '../../src/modules/watcher/collection-watcher';
import { createWatcherNode } from '../../src/modules/watcher/start-watcher';
import { buildTestApp, createTestClock } from './build-test-app';
import { createMerchant } from './factories';
import { FakeChain } from './fake-chains';
import { expectLedgerClean } from './ledger';
import { createTestApplication } from './order-fixtures';
import { isPostgresRun } from './test-database';

/**
 * Defines the model test's part `index` of `of` in the calling test file: the 1,000 runs are
 * shared out between test files (ledger-model.test.ts, ledger-model-2.test.ts) so that the
 * suite's two workers share them, each part with its own database and its own random seed.
 * Everything lives in this function: with \`isolate: false\` the files of a worker share this
 * module, and each needs its own app, clock and run counter.
 */
export function defineLedgerModelTest(part: { index: number; of: number }): void {
  // LEDGER_MODEL_RUNS in all, shared out between the parts.
  const RUNS = Math.ceil(Number(process.env.LEDGER_MODEL_RUNS ?? 1000) / part.of);
  const COMMANDS = 50;
  const CONFIRMATIONS = 3;
  const FEE_RATE = money('0.008'); // fee_rates: TRON USDT
  const DAY_MS = 24 * 60 * 60_000;

  const clock = createTestClock(new Date('2026-11-23T00:00:00.000Z'));
  // One watcher node for every run: its lease on TRON and its watched set last across runs.
  const node = createWatcherNode(30_000);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildTestApp({ now: clock.now });
    await app.ready();
    await app.watcher.stop();
    await app.chains.stop();
    await app.jobs.stop();
  });
  afterAll(async () => {
    await expectLedgerClean(app.db);
    await app.close();
  });

  // ---- The model ------------------------------------------------------------------------

  interface ModelPayment {
    amount: Money;
    height: number;
    /** Its block's time: the clock when it was paid. */
    time: number;
    seen: 'not yet' | 'seen' | 'never';
    credited: boolean;
  }
  interface ModelOrder {
    orderNo: string;
    merchantOrderNo: string;
    address: string;
    amount: Money;
    expiresIn: number;
    expiresAt: number;
    status: 'pending' | 'confirming' | 'completed' | 'expired';
    exception: 'underpaid' | 'overpaid' | 'late' | null;
    paid: Money;
    payments: ModelPayment[];
  }
  interface Model {
    orders: ModelOrder[];
    balance: Money;
    head: number;
    /** Payments in the order the chain holds them (the watcher sees them in this order). */
    queue: { order: ModelOrder; payment: ModelPayment }[];
  }

  const feeOf = (amount: Money) => amount.times(FEE_RATE).toDecimalPlaces(6, Money.ROUND_HALF_UP);
  const expire = (o: ModelOrder) => {
    o.status = 'expired';
    o.exception = o.paid.gt(0) ? 'underpaid' : null;
  };

  /** One watcher pass, as the rules say (collection-rules.ts): scan, expire, credit. */
  function modelPass(model: Model, now: number): void {
    for (const { order: o, payment: p } of model.queue) {
      if (p.seen !== 'not yet' || p.height > model.head) continue;
      p.seen = 'seen';
      // Lateness by the block's time: a pending order whose time was over when it was paid
      // expires first.
      if (o.status === 'pending' && o.expiresAt <= p.time) expire(o);
      const inTime = p.time < o.expiresAt;
      const open = o.status === 'pending' || (o.status === 'expired' && inTime && o.exception !== 'late');
      o.paid = o.paid.plus(p.amount);
      if (open) {
        if (o.paid.gte(o.amount)) {
          o.status = 'confirming';
          o.exception = o.paid.gt(o.amount) ? 'overpaid' : null;
        } else if (o.status === 'expired') {
          o.exception = 'underpaid';
        }
      } else {
        o.exception = o.status === 'expired' ? 'late' : 'overpaid';
      }
    }
    for (const o of model.orders) if (o.status === 'pending' && o.expiresAt <= now) expire(o);
    for (const { order: o, payment: p } of model.queue) {
      if (p.seen !== 'seen' || p.credited || o.status === 'pending') continue;
      if (model.head - p.height + 1 < CONFIRMATIONS) continue;
      p.credited = true;
      model.balance = model.balance.plus(p.amount.minus(feeOf(p.amount)));
      const waiting = o.payments.some((q) => q.seen === 'seen' && !q.credited);
      if (o.status === 'confirming' && !waiting) o.status = 'completed';
    }
  }

  // ---- The commands -----------------------------------------------------------------------

  type Command =
    | { kind: 'create'; cents: number; expiresIn: number }
    | {
        kind: 'pay';
        how: 'partial' | 'full' | 'over' | 'late';
        pick: number;
        share: number;
        extraCents: number;
      }
    | { kind: 'mine'; blocks: number }
    | { kind: 'advance'; seconds: number }
    | { kind: 'expire' }
    | { kind: 'tick' }
    | { kind: 'resend'; pick: number; changed: boolean }
    | { kind: 'rescan'; depth: number };

  const commandArb: fc.Arbitrary<Command> = fc.oneof(
    {
      weight: 4,
      arbitrary: fc.record({
        kind: fc.constant('create' as const),
        cents: fc.integer({ min: 1, max: 1_000_000 }),
        expiresIn: fc.constantFrom(300, 900, 1800),
      }),
    },
    {
      weight: 5,
      arbitrary: fc.record({
        kind: fc.constant('pay' as const),
        how: fc.constantFrom('partial' as const, 'full' as const, 'over' as const, 'late' as const),
        pick: fc.nat(),
        share: fc.integer({ min: 1, max: 99 }),
        extraCents: fc.integer({ min: 1, max: 10_000 }),
      }),
    },
    {
      weight: 3,
      arbitrary: fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 3 }) }),
    },
    {
      weight: 2,
      arbitrary: fc.record({
        kind: fc.constant('advance' as const),
        seconds: fc.constantFrom(60, 299, 600, 3 * 86_400, 8 * 86_400),
      }),
    },
    { weight: 2, arbitrary: fc.constant({ kind: 'expire' as const }) },
    { weight: 3, arbitrary: fc.constant({ kind: 'tick' as const }) },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('resend' as const), pick: fc.nat(), changed: fc.boolean() }),
    },
    {
      weight: 1,
      arbitrary: fc.record({ kind: fc.constant('rescan' as const), depth: fc.integer({ min: 1, max: 6 }) }),
    },
  );

  // ---- One run ----------------------------------------------------------------------------

  let runNo = 0;

  async function runCommands(commands: Command[]): Promise<void> {
    runNo += 1;
    clock.advance(8 * DAY_MS);
    const merchant = await createMerchant(app, { password: null });
    // A callback URL, so the model's resend queues (the jobs are stopped: nothing is sent).
    const shop = await createTestApplication(app, merchant.id, {
      callbackUrl: 'https://shop.example/notify',
    });
    const tron = new FakeChain('TRON', CONFIRMATIONS, 'devnet', clock.now);
    const chains = {
      mode: 'devnet' as const,
      get: (id: string) => (id === 'TRON' ? tron : undefined),
      enabled: () => [tron],
    };
    const orderDeps = { db: app.db, now: clock.now, chains };
    const watcher: WatcherDeps = {
      db: app.db,
      now: clock.now,
      chains,
      events: { publicUrl: 'https://pay.example.com' },
      node,
    };
    await app.db.update(chainCursors).set({ scannedHeight: -1 }).where(eq(chainCursors.chainId, 'TRON'));
    const model: Model = { orders: [], balance: money('0'), head: 0, queue: [] };
    let created = 0;

    const pay = (o: ModelOrder, amount: Money) => {
      const payment: ModelPayment = {
        amount,
        height: 0,
        time: clock.now().getTime(),
        seen: 'not yet',
        credited: false,
      };
      tron.pay(o.address, 'USDT', amount.toFixed());
      payment.height = tron.head;
      model.head = tron.head;
      o.payments.push(payment);
      model.queue.push({ order: o, payment });
    };
    const inputOf = (o: ModelOrder, cents?: number) => ({
      merchantOrderNo: o.merchantOrderNo,
      currency: 'USDT',
      network: 'TRON',
      amount: cents === undefined ? o.amount.toFixed() : money(String(cents)).div(100).toFixed(),
      expiresIn: o.expiresIn,
    });
    const pass = async () => {
      await runWatcherTick(watcher);
      modelPass(model, clock.now().getTime());
      await compare();
    };
    const compare = async () => {
      // One query: the run's orders, each with the merchant's USDT balance beside it.
      const rows = await app.db
        .select({
          orderNo: orders.orderNo,
          status: orders.status,
          exception: orders.exception,
          paidAmount: orders.paidAmount,
          balance: sql<
            string | null
          >`(select ${balances.available} from ${balances} where ${balances.merchantId} = ${merchant.id} and ${balances.coinName} = 'USDT')`,
        })
        .from(orders)
        .where(eq(orders.applicationId, shop.id));
      const byNo = new Map(rows.map((r) => [r.orderNo, r]));
      for (const o of model.orders) {
        const row = byNo.get(o.orderNo);
        const actual = {
          status: row?.status,
          exception: row?.exception,
          paid: money(row?.paidAmount ?? '0').toFixed(),
        };
        expect(actual, `order ${o.orderNo} (run ${runNo})`).toEqual({
          status: o.status,
          exception: o.exception,
          paid: o.paid.toFixed(),
        });
      }
      if (rows.length > 0) {
        expect(money(rows[0]?.balance ?? '0').toFixed(), `balance (run ${runNo})`).toBe(
          model.balance.toFixed(),
        );
      }
    };

    for (const command of commands) {
      switch (command.kind) {
        case 'create': {
          const merchantOrderNo = `m${runNo}-${++created}`;
          const amount = money(String(command.cents)).div(100);
          const row = await createCollectionOrder(orderDeps, {
            application: shop,
            input: {
              merchantOrderNo,
              currency: 'USDT',
              network: 'TRON',
              amount: amount.toFixed(),
              expiresIn: command.expiresIn,
            },
            source: 'api',
          });
          model.orders.push({
            orderNo: row.orderNo,
            merchantOrderNo,
            address: row.payAddress ?? '',
            amount,
            expiresIn: command.expiresIn,
            expiresAt: row.expiresAt.getTime(),
            status: 'pending',
            exception: null,
            paid: money('0'),
            payments: [],
          });
          break;
        }
        case 'pay': {
          // 'late' picks among expired orders, the others among those still open.
          const candidates = model.orders.filter(
            (o) => (command.how === 'late') === (o.status === 'expired'),
          );
          const o = candidates[command.pick % Math.max(candidates.length, 1)];
          if (!o) break;
          const remaining = o.amount.minus(o.paid);
          const base = remaining.gt(0) ? remaining : o.amount;
          const amount =
            command.how === 'partial'
              ? Money.max(
                  base.times(command.share).div(100).toDecimalPlaces(6, Money.ROUND_DOWN),
                  money('0.000001'),
                )
              : command.how === 'over'
                ? base.plus(money(String(command.extraCents)).div(100))
                : base;
          pay(o, amount);
          break;
        }
        case 'mine':
          tron.mine(command.blocks);
          model.head = tron.head;
          break;
        case 'advance':
          clock.advance(command.seconds * 1000);
          break;
        case 'expire': {
          // Jump to the expiry of the next pending order.
          const next = model.orders
            .filter((o) => o.status === 'pending')
            .map((o) => o.expiresAt)
            .sort((a, b) => a - b)[0];
          if (next !== undefined && next > clock.now().getTime()) clock.advance(next - clock.now().getTime());
          break;
        }
        case 'tick':
          await pass();
          break;
        case 'resend': {
          const o = model.orders[command.pick % Math.max(model.orders.length, 1)];
          if (!o) break;
          const again = createCollectionOrder(orderDeps, {
            application: shop,
            input: inputOf(o, command.changed ? Number(o.amount.times(100).toFixed(0)) + 1 : undefined),
            source: 'api',
          });
          if (command.changed) {
            const refused = await again.then(
              () => false,
              (error: unknown) => isAppErrorWith(error, ErrorCode.MERCHANT_ORDER_CONFLICT),
            );
            expect(refused, 'a different content is refused (3001)').toBe(true);
          } else {
            expect((await again).orderNo).toBe(o.orderNo);
            // And its latest callback sent again (the back office's resend): nothing else moves.
            await resendOrderCallback(
              { db: app.db, now: clock.now, jobs: { wake: () => undefined } },
              merchant.id,
              o.orderNo,
            ).catch((error: unknown) => {
              if (!isAppErrorWith(error, ErrorCode.CALLBACK_NOTHING_TO_RESEND)) throw error;
            });
          }
          break;
        }
        case 'rescan':
          // The last blocks scanned again (a node whose cursor fell back): nothing may count twice.
          await app.db
            .update(chainCursors)
            .set({ scannedHeight: sql`greatest(${chainCursors.scannedHeight} - ${command.depth}, -1)` })
            .where(eq(chainCursors.chainId, 'TRON'));
          await pass();
          break;
      }
    }

    // Settle: past every expiry, every payment confirmed, two passes (expiry, then credits).
    clock.advance(2 * DAY_MS);
    tron.mine(CONFIRMATIONS);
    model.head = tron.head;
    await pass();
    await pass();
    for (const o of model.orders) {
      expect(['expired', 'completed'], `settled order ${o.orderNo}`).toContain(o.status);
      for (const p of o.payments) expect(p.seen === 'never' || p.credited).toBe(true);
    }
    const waiting = await app.db
      .select({ id: chainTransfers.id })
      .from(chainTransfers)
      .innerJoin(orders, eq(orders.id, chainTransfers.orderId))
      .where(and(eq(orders.applicationId, shop.id), eq(chainTransfers.status, 'confirming')));
    expect(waiting).toEqual([]);
  }

  // About 170-250 ms a run here (some 250 statements; 1,000 runs ≈ 3-4 min, see the decision
  // record); the limit leaves room for a loaded machine.
  // One engine only: the model is about the rules and the ledger, not the engine (the other
  // tests run on both). PostgreSQL when the run has one (CI: a third faster, and most of the work
  // is then the server's, on the other core), else the embedded PGlite.
  const modelProject = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
  it.skipIf((isPostgresRun() ? 'postgres' : 'pglite') !== modelProject)(
    `${RUNS} runs of ${COMMANDS} random commands keep the orders, balances and ledger as the model says (part ${part.index} of ${part.of})`,
    {
      timeout: Math.max(RUNS * 900, 60_000),
    },
    async () => {
      const started = Date.now();
      const cpuBefore = process.cpuUsage();
      await fc.assert(
        fc.asyncProperty(fc.array(commandArb, { minLength: COMMANDS, maxLength: COMMANDS }), runCommands),
        { numRuns: RUNS },
      );
      await expectLedgerClean(app.db);
      const cpu = process.cpuUsage(cpuBefore);
      process.stdout.write(
        `ledger model, part ${part.index} of ${part.of}: ${RUNS} runs × ${COMMANDS} commands in ${Date.now() - started} ms (CPU ${Math.round((cpu.user + cpu.system) / 1000)} ms)\n`,
      );
    },
  );
}
