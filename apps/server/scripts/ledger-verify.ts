// Checks the ledger of the database the server uses (DATABASE_URL, or the embedded one under
// DATA_DIR) and prints every problem: balances that are not the sum of their changes, broken
// before/after continuity, broken hash chains, report aggregates (merchant_daily_stats) that differ
// from their recomputation from the raw rows. Exits 0 when clean, 1 otherwise (2 when the
// database cannot be read). Run: npm run ledger:verify
// The embedded database is one process's at a time: stop the server before running it there.
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { describeProblem, verifyLedger } from '../src/modules/ledger/verify-ledger';
import { describeDailyStatsProblem, verifyDailyStats } from '../src/modules/reports/verify-daily-stats';

function readConfig() {
  try {
    // Nothing sealed is opened here: the server's SECRET_KEY is not needed to read the ledger.
    return loadConfig({
      ...process.env,
      SECRET_KEY: process.env.SECRET_KEY || randomBytes(32).toString('base64'),
    });
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) process.stderr.write(`Invalid configuration: ${problem}\n`);
      process.exit(2);
    }
    throw error;
  }
}

const config = readConfig();
const where = config.databaseUrl ? 'the database at DATABASE_URL' : join(config.dataDir, 'pglite');
let exitCode = 0;
try {
  const database = await createDatabase(config);
  try {
    const started = Date.now();
    const ledger = await verifyLedger(database.db);
    const aggregates = await database.db.transaction((tx) => verifyDailyStats(tx), {
      isolationLevel: 'repeatable read',
      accessMode: 'read only',
    });
    const problems = [...ledger.map(describeProblem), ...aggregates.map(describeDailyStatsProblem)];
    for (const problem of problems) process.stdout.write(`${problem}\n`);
    const took = `${Date.now() - started} ms`;
    if (problems.length === 0) {
      process.stdout.write(`ledger:verify: ${where} is consistent (${took})\n`);
    } else {
      process.stdout.write(`ledger:verify: ${problems.length} problem(s) in ${where} (${took})\n`);
      exitCode = 1;
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`ledger:verify: cannot read ${where}: ${(error as Error).message}\n`);
  exitCode = 2;
}
process.exit(exitCode);
