/**
 * Benchmark of withdrawals on one hot balance (issue 8), beside its floor in the same process:
 *
 * 1. Payouts accepted per second for one merchant and currency through the payout service (the
 *    withdrawal rules, the payout order, the withdrawal row, amount + fee moved from available to
 *    frozen with two hash-chained fund records), with BENCH_CONCURRENCY requests in flight: the
 *    requests that arrive while the merchant's previous group is being written go together in
 *    the next one (payout.service.ts, group commit);
 * 2. beside a loop of the single conditional UPDATE that is the least a withdrawal must do (the
 *    available debit that refuses to go below zero), on the same balance row, through the same
 *    database client, with as many in flight.
 * BENCH_ROUNDS rounds (5) of BENCH_WITHDRAWALS (500) each, the two alternating; prints the median
 * rates, each round's ratio and the median ratio (target >= 0.5x). Review and sending are not in the measure:
 * they happen later and off the merchant's request.
 *
 * A hot balance is one that many requests hit at once: 50 in flight by default (a shop's payroll
 * run, an exchange's withdrawals). With fewer, groups are smaller and the ratio lower (10 in
 * flight: about 0.3x on PGlite, 0.5x on a PostgreSQL server; see
 * docs/decisions/2026-11-25-deposits-and-withdrawals.md).
 *
 *   npm run bench:withdrawals
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/test npm run bench:withdrawals
 *   BENCH_WITHDRAWALS=1000 BENCH_ROUNDS=3 BENCH_CONCURRENCY=10 npm run bench:withdrawals
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from '../../apps/server/src/app';
import { loadConfig } from '../../apps/server/src/config';
import { createDatabase } from '../../apps/server/src/db/client';
import { applications, merchants } from '../../apps/server/src/db/schema';
import { createPayouts } from '../../apps/server/src/modules/assets/payout.service';
import { postFundRecord } from '../../apps/server/src/modules/ledger/post-fund-record';
import { freshPostgresDatabase, timed } from './bench-kit';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '../../apps/server');
const COUNT = Number(process.env.BENCH_WITHDRAWALS ?? 500);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 50);
const RATIO_TARGET = 0.5;

async function main() {
  const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-bench-withdrawals-'));
  const postgres = process.env.DATABASE_URL
    ? await freshPostgresDatabase(process.env.DATABASE_URL)
    : undefined;
  const config = loadConfig(
    {
      DATA_DIR: dataDir,
      ...(postgres ? { DATABASE_URL: postgres.url } : {}),
      SECRET_KEY: randomBytes(32).toString('base64'),
      NODE_ENV: 'production',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'warn',
      SEED_DEMO: '0',
      // Blocks and passes are not what is measured.
      DEVNET_BLOCK_MS: '3600000',
      WEB_DIST_DIR: join(dataDir, 'no-web-build'),
      CASHIER_DIST_DIR: join(dataDir, 'no-cashier-build'),
    },
    { cwd: serverDir, repoRoot: null, serverDir },
  );
  const database = await createDatabase(config);
  const app = await buildApp({ config, database });
  await app.ready();
  await app.watcher.stop();
  const client = (
    database.db as unknown as { $client: { query(text: string, params?: unknown[]): Promise<unknown> } }
  ).$client;
  try {
    const now = app.now();
    const [merchant] = await app.db
      .insert(merchants)
      .values({ email: `bench-${randomBytes(4).toString('hex')}@example.com`, createdAt: now })
      .returning();
    if (!merchant) throw new Error('no merchant');
    const [application] = await app.db
      .insert(applications)
      .values({
        merchantId: merchant.id,
        appId: `app_${randomBytes(10).toString('hex')}`,
        name: 'Bench',
        secretSealed: 'unused',
        createdAt: now,
        updatedAt: now,
      })
      .returning();
    if (!application) throw new Error('no application');
    // A hot balance that never runs out: 10 USDT + 1 fee per payout, for every run below.
    const total = (ROUNDS * COUNT + WARMUP) * 11;
    await app.db.transaction((tx) =>
      postFundRecord(tx, {
        merchantId: merchant.id,
        currency: 'USDT',
        type: 'deposit',
        bucket: 'available',
        change: String(total * 2),
        amount: String(total * 2),
        fee: '0',
        orderNo: null,
        txHash: null,
        address: null,
        network: null,
        status: 'completed',
        now,
      }),
    );
    const deps = { db: app.db, now: app.now, secrets: app.secrets, chains: app.chains, log: app.log };
    const apiClient = { applicationId: application.id, merchantId: merchant.id, appId: application.appId };
    const payout = (i: number) =>
      createPayouts(
        deps,
        apiClient,
        [
          {
            merchantOrderNo: `bench-${i}`,
            currency: 'USDT',
            network: 'TRON',
            address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
            amount: '10',
          },
        ],
        { batch: false },
      );
    const debit = `update balances set available = available - 11, updated_at = now() where merchant_id = $1 and coin_name = 'USDT' and available - 11 >= 0 returning available`;
    await timed(WARMUP, CONCURRENCY, async (i) => {
      await payout(-1 - i);
    });
    await timed(WARMUP, CONCURRENCY, async () => {
      await client.query(debit, [merchant.id]);
    });
    // Rounds alternate the two, so a load that comes and goes weighs on both alike; the ratio of
    // each round is taken, and their median printed (one round alone moved from 0.46x to 0.76x
    // on this 2-core machine, run after run).
    const rounds: { service: number; raw: number }[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const serviceSeconds = await timed(COUNT, CONCURRENCY, async (i) => {
        await payout(round * COUNT + i);
      });
      const rawSeconds = await timed(COUNT, CONCURRENCY, async () => {
        await client.query(debit, [merchant.id]);
      });
      rounds.push({ service: COUNT / serviceSeconds, raw: COUNT / rawSeconds });
    }
    // The raw debits moved money without records: put it back so nothing else reads a broken ledger.
    await client.query(
      `update balances set available = available + $2 where merchant_id = $1 and coin_name = 'USDT'`,
      [merchant.id, (ROUNDS * COUNT + WARMUP) * 11],
    );
    const median = (values: number[]) =>
      [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN;
    const ratios = rounds.map(({ service, raw }) => service / raw);
    const engine = postgres ? 'PostgreSQL server' : 'embedded PGlite';
    console.log(
      `withdrawals on one hot balance, ${ROUNDS} rounds of ${COUNT} each, ${CONCURRENCY} in flight, ${engine} (medians):`,
    );
    console.log(
      `  payouts accepted (rules, order, withdrawal, two ledger records, grouped): ${median(rounds.map((r) => r.service)).toFixed(0)}/s`,
    );
    console.log(
      `  the single conditional UPDATE alone:                                      ${median(rounds.map((r) => r.raw)).toFixed(0)}/s`,
    );
    console.log(`  each round's ratio: ${ratios.map((r) => `${r.toFixed(2)}x`).join(', ')}`);
    console.log(
      `withdrawals: accepted / raw debit: ${median(ratios).toFixed(2)}x, the median round (target >= ${RATIO_TARGET}x)`,
    );
  } finally {
    await app.close();
    await postgres?.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
