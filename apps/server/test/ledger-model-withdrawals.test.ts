/**
 * The model test of issue 8's money out and in: fast-check drives short runs of random commands
 * (deposit to the merchant's own address, mine, withdraw with a Google code, pay out through the
 * API service, approve, approve to fail on chain, reject, watcher pass) against the real
 * services, watcher and ledger, and against a small model of available and frozen per the rules:
 * - a deposit is credited in full once it has the confirmations, never below the minimum;
 * - a withdrawal or payout within the limits whose amount + fee fits the available moves it to
 *   frozen (else 1001 or 3201, nothing moves); within the auto-approve threshold it is
 *   processing at once;
 * - rejected: back to available; sent and reverted (failOnChain), with the confirmations: back
 *   to available; sent and confirmed: it leaves frozen.
 * After every watcher pass the balance and every withdrawal's status must be the model's; each
 * run ends settled, and `ledger:verify` is clean after each run.
 *
 * Cost: CI is near its limit, so the runs are few and short (LEDGER_MODEL_WITHDRAWAL_RUNS,
 * default 40 runs of 25 commands; the collection model beside it carries the long ones). One
 * engine, like the collection model: PostgreSQL when the run has one, else PGlite.
 */
import { ErrorCode, type Money, money } from '@tollgate/contracts';
import { and, desc, eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { balances, chainCursors, coins, merchants, withdrawals } from '../src/db/schema';
import { isAppErrorWith } from '../src/lib/app-error';
import { getDepositAddress } from '../src/modules/assets/deposit.service';
import { createPayouts } from '../src/modules/assets/payout.service';
import { shownWithdrawalStatus } from '../src/modules/assets/withdrawal.repository';
import {
  approveWithdrawal,
  rejectWithdrawal,
  requestWithdrawal,
} from '../src/modules/assets/withdrawal.service';
import { loadCoinTerms } from '../src/modules/assets/withdrawal-rules';
import { sealGoogleSecret } from '../src/modules/google/google-secrets';
import { generateTotpSecret, totpCode } from '../src/modules/google/totp';
import { runWatcherTick, type WatcherDeps } from '../src/modules/orders/collection-watcher';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';
import { FakeChain } from './helpers/fake-chains';
import { expectLedgerClean } from './helpers/ledger';
import { createTestApplication } from './helpers/order-fixtures';
import { isPostgresRun } from './helpers/test-database';

const RUNS = Number(process.env.LEDGER_MODEL_WITHDRAWAL_RUNS ?? 40);
const COMMANDS = 25;
const CONFIRMATIONS = 3;
const DESTINATION = 'fake-TRON-destination';

const clock = createTestClock(new Date('2026-11-25T00:00:00.000Z'));
let app: FastifyInstance;
let terms: { min: Money; max: Money; fee: Money; minDeposit: Money };
beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.watcher.stop();
  await app.chains.stop();
  await app.jobs.stop();
  const loaded = await loadCoinTerms(app.db, 'TRON', 'USDT');
  const [coin] = await app.db
    .select({ minDeposit: coins.minDepositAmount })
    .from(coins)
    .where(and(eq(coins.chainId, 'TRON'), eq(coins.coinName, 'USDT')));
  if (!loaded || !coin) throw new Error('USDT on TRON expected in the seed');
  terms = {
    min: money(loaded.minWithdrawalAmount),
    max: money(loaded.maxWithdrawalAmount),
    fee: money(loaded.payoutFee),
    minDeposit: money(coin.minDeposit),
  };
});
afterAll(async () => {
  await expectLedgerClean(app.db);
  await app.close();
});

// ---- The model ------------------------------------------------------------------------

type Status = 'pending_review' | 'processing' | 'completed' | 'failed' | 'rejected';
interface ModelWithdrawal {
  withdrawalNo: string;
  id: number;
  total: Money;
  status: Status;
  failOnChain: boolean;
  /** The block its transfer was mined in; null while unsent or not yet mined. */
  minedAt: number | null;
}
interface Model {
  available: Money;
  frozen: Money;
  head: number;
  deposits: { amount: Money; height: number; credited: boolean }[];
  withdrawals: ModelWithdrawal[];
}

/** One watcher pass: deposits with their confirmations credited, mined sends settled. */
function modelPass(model: Model): void {
  for (const d of model.deposits) {
    if (d.credited || d.amount.lt(terms.minDeposit)) continue;
    if (model.head - d.height + 1 < CONFIRMATIONS) continue;
    d.credited = true;
    model.available = model.available.plus(d.amount);
  }
  for (const w of model.withdrawals) {
    if (w.status !== 'processing' || w.minedAt === null) continue;
    // A revert, too, is final only with the confirmations.
    if (model.head - w.minedAt + 1 < CONFIRMATIONS) continue;
    if (w.failOnChain) {
      w.status = 'failed';
      model.frozen = model.frozen.minus(w.total);
      model.available = model.available.plus(w.total);
    } else {
      w.status = 'completed';
      model.frozen = model.frozen.minus(w.total);
    }
  }
}

// ---- The commands -----------------------------------------------------------------------

type Command =
  | { kind: 'deposit'; cents: number }
  | { kind: 'mine'; blocks: number }
  | { kind: 'withdraw'; via: 'single' | 'payout'; cents: number }
  | { kind: 'approve'; pick: number; failOnChain: boolean }
  | { kind: 'reject'; pick: number }
  | { kind: 'tick' };

const commandArb: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('deposit' as const),
      cents: fc.integer({ min: 50, max: 50_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ kind: fc.constant('mine' as const), blocks: fc.integer({ min: 1, max: 3 }) }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      kind: fc.constant('withdraw' as const),
      via: fc.constantFrom('single' as const, 'payout' as const),
      cents: fc.integer({ min: 500, max: 10_000 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant('approve' as const),
      pick: fc.nat(),
      failOnChain: fc.boolean(),
    }),
  },
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }) },
  { weight: 3, arbitrary: fc.constant({ kind: 'tick' as const }) },
);

// ---- One run ----------------------------------------------------------------------------

let runNo = 0;
/** What the runs did, printed at the end: a model that never reaches a case tests nothing. */
const seen = { credited: 0, accepted: 0, refused: 0, completed: 0, failed: 0, rejected: 0 };

async function runCommands(autoApproveUsdt: string, commands: Command[]): Promise<void> {
  runNo += 1;
  const merchant = await createMerchant(app, { password: null, googleState: true, autoApproveUsdt });
  const googleSecret = generateTotpSecret();
  await app.db
    .update(merchants)
    .set({ googleSecret: sealGoogleSecret(app.secrets, merchant.id, 'google_secret', googleSecret) })
    .where(eq(merchants.id, merchant.id));
  const shop = await createTestApplication(app, merchant.id);
  const client = { applicationId: shop.id, merchantId: merchant.id, appId: shop.appId };
  const tron = new FakeChain('TRON', CONFIRMATIONS);
  const chains = {
    mode: 'devnet' as const,
    get: (id: string) => (id === 'TRON' ? tron : undefined),
    enabled: () => [tron],
  };
  const deps = { db: app.db, now: clock.now, secrets: app.secrets, chains };
  const watcher: WatcherDeps = { ...deps, events: { publicUrl: 'https://pay.example.com' } };
  await app.db.update(chainCursors).set({ scannedHeight: -1 }).where(eq(chainCursors.chainId, 'TRON'));
  const { address: depositAddress } = await getDepositAddress(deps, merchant.id, {
    coinName: 'USDT',
    chainId: 'TRON',
  });
  const threshold = money(autoApproveUsdt);
  const model: Model = { available: money('0'), frozen: money('0'), head: 0, deposits: [], withdrawals: [] };
  let orderNo = 0;

  const compare = async () => {
    const [row] = await app.db
      .select({ available: balances.available, frozen: balances.frozen })
      .from(balances)
      .where(and(eq(balances.merchantId, merchant.id), eq(balances.coinName, 'USDT')));
    expect(
      { available: money(row?.available ?? '0').toFixed(), frozen: money(row?.frozen ?? '0').toFixed() },
      `balance (run ${runNo})`,
    ).toEqual({ available: model.available.toFixed(), frozen: model.frozen.toFixed() });
    const rows = await app.db
      .select({ withdrawalNo: withdrawals.withdrawalNo, status: withdrawals.status })
      .from(withdrawals)
      .where(eq(withdrawals.merchantId, merchant.id));
    // `sending` (stored and broadcast) is processing as the merchant sees it.
    const actual = new Map(rows.map((r) => [r.withdrawalNo, shownWithdrawalStatus(r.status)]));
    expect(rows.length, `withdrawals (run ${runNo})`).toBe(model.withdrawals.length);
    for (const w of model.withdrawals) expect(actual.get(w.withdrawalNo), `${w.withdrawalNo}`).toBe(w.status);
  };
  const pass = async () => {
    await runWatcherTick(watcher);
    modelPass(model);
    await compare();
  };
  const mine = (blocks: number) => {
    tron.mineSends(); // one block, with every transfer sent so far
    for (const w of model.withdrawals) {
      if (w.status === 'processing' && w.minedAt === null) w.minedAt = tron.head;
    }
    tron.mine(blocks - 1);
    model.head = tron.head;
  };
  const pick = (index: number) => {
    const pending = model.withdrawals.filter((w) => w.status === 'pending_review');
    return pending[index % Math.max(pending.length, 1)];
  };

  // Each run opens with 200 USDT credited, so its withdrawals are not all refused for want of it.
  const opening: Command[] = [
    { kind: 'deposit', cents: 20_000 },
    { kind: 'mine', blocks: CONFIRMATIONS },
    { kind: 'tick' },
  ];
  for (const command of [...opening, ...commands]) {
    switch (command.kind) {
      case 'deposit': {
        const amount = money(String(command.cents)).div(100);
        tron.pay(depositAddress, 'USDT', amount.toFixed());
        model.head = tron.head;
        model.deposits.push({ amount, height: tron.head, credited: false });
        break;
      }
      case 'mine':
        mine(command.blocks);
        break;
      case 'withdraw': {
        const amount = money(String(command.cents)).div(100);
        const total = amount.plus(terms.fee);
        const request = { coinName: 'USDT', chainId: 'TRON', address: DESTINATION, amount: amount.toFixed() };
        let attempt: Promise<string>;
        if (command.via === 'single') {
          clock.advance(30_000); // a Google code of a window not used yet
          const googleCode = totpCode(googleSecret, clock.now());
          attempt = requestWithdrawal(deps, merchant.id, { ...request, googleCode }).then(
            ({ withdrawal }) => withdrawal.withdrawalNo,
          );
        } else {
          const item = { merchantOrderNo: `r${runNo}-${++orderNo}`, currency: 'USDT', network: 'TRON' };
          attempt = createPayouts(deps, client, [{ ...item, address: DESTINATION, amount: request.amount }], {
            batch: false,
          }).then(async () => {
            const [latest] = await app.db
              .select({ withdrawalNo: withdrawals.withdrawalNo })
              .from(withdrawals)
              .where(eq(withdrawals.merchantId, merchant.id))
              .orderBy(desc(withdrawals.id))
              .limit(1);
            return latest?.withdrawalNo ?? '';
          });
        }
        const outOfLimits = amount.lt(terms.min) || amount.gt(terms.max);
        if (outOfLimits || total.gt(model.available)) {
          const code = outOfLimits ? ErrorCode.VALIDATION_FAILED : ErrorCode.INSUFFICIENT_BALANCE;
          const refused = await attempt.then(
            () => false,
            (error: unknown) => isAppErrorWith(error, code),
          );
          expect(refused, `refused with ${code} (run ${runNo})`).toBe(true);
          seen.refused += 1;
          break;
        }
        const withdrawalNo = await attempt;
        const [row] = await app.db
          .select({ id: withdrawals.id })
          .from(withdrawals)
          .where(eq(withdrawals.withdrawalNo, withdrawalNo));
        const auto = threshold.gt(0) && total.lte(threshold);
        seen.accepted += 1;
        model.available = model.available.minus(total);
        model.frozen = model.frozen.plus(total);
        model.withdrawals.push({
          withdrawalNo,
          id: row?.id ?? -1,
          total,
          status: auto ? 'processing' : 'pending_review',
          failOnChain: false,
          minedAt: null,
        });
        break;
      }
      case 'approve': {
        const w = pick(command.pick);
        if (!w) break;
        const moved = await approveWithdrawal(deps, w.id, 'model', { failOnChain: command.failOnChain });
        expect(moved && shownWithdrawalStatus(moved.status)).toBe('processing');
        w.status = 'processing';
        w.failOnChain = command.failOnChain;
        break;
      }
      case 'reject': {
        const w = pick(command.pick);
        if (!w) break;
        expect((await rejectWithdrawal(deps, w.id, 'model', 'model says no'))?.status).toBe('rejected');
        w.status = 'rejected';
        model.frozen = model.frozen.minus(w.total);
        model.available = model.available.plus(w.total);
        break;
      }
      case 'tick':
        await pass();
        break;
    }
  }

  // Settle: every pending one rejected, every transfer mined and confirmed, two passes.
  for (const w of model.withdrawals.filter((x) => x.status === 'pending_review')) {
    await rejectWithdrawal(deps, w.id, 'model', 'settling');
    w.status = 'rejected';
    model.frozen = model.frozen.minus(w.total);
    model.available = model.available.plus(w.total);
  }
  mine(CONFIRMATIONS);
  await pass();
  await pass();
  expect(model.frozen.toFixed(), `nothing left frozen (run ${runNo})`).toBe('0');
  seen.credited += model.deposits.filter((d) => d.credited).length;
  for (const w of model.withdrawals) {
    if (w.status === 'completed' || w.status === 'failed' || w.status === 'rejected') seen[w.status] += 1;
  }
  await expectLedgerClean(app.db);
}

const modelProject = process.env.TEST_DATABASE_URL ? 'postgres' : 'pglite';
it.skipIf((isPostgresRun() ? 'postgres' : 'pglite') !== modelProject)(
  `${RUNS} runs of ${COMMANDS} random deposits, withdrawals, payouts, reviews and failures keep available and frozen as the model says`,
  { timeout: Math.max(RUNS * 3_000, 60_000) },
  async () => {
    const started = Date.now();
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('0', '50'),
        fc.array(commandArb, { minLength: COMMANDS, maxLength: COMMANDS }),
        runCommands,
      ),
      { numRuns: RUNS },
    );
    process.stdout.write(
      `ledger model (withdrawals): ${RUNS} runs × ${COMMANDS} commands in ${Date.now() - started} ms (${JSON.stringify(seen)})\n`,
    );
  },
);
