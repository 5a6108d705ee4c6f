// Compares, per chain and coin, what the platform holds on chain (the hot wallet, the gas wallet
// and every unswept order or deposit address; on Doge, their unspent outputs, and no gas wallet)
// with the platform books (platform_entries), at
// the height the books are complete to, and prints a table. Exits 0 only when every difference
// is zero, 1 when one is not, 2 when the database or a chain cannot be read.
// Run: npm run chain:reconcile (the server's own settings: DATABASE_URL or DATA_DIR, SECRET_KEY,
// CHAIN_MODE, RPC_URL_<CHAIN>, WALLET_MNEMONIC). The embedded database is one process's at a
// time: stop the server before running it there.
import type { FastifyBaseLogger } from 'fastify';
import { createChainRegistry } from '../src/chains/chain-registry';
import { createHdWallet } from '../src/chains/hd-wallet';
import { createLocalSigner } from '../src/chains/signer';
import { loadWalletSeed } from '../src/chains/wallet-seed';
import { ConfigError, loadConfig } from '../src/config';
import { createDatabase } from '../src/db/client';
import { createSecretBox } from '../src/lib/secret-box';
import { resolveSecretKey } from '../src/lib/secret-key';
import { formatReconcile, isClean, reconcileChain } from '../src/modules/books/reconcile';

function readConfig() {
  try {
    return loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      for (const problem of error.problems) process.stderr.write(`Invalid configuration: ${problem}\n`);
      process.exit(2);
    }
    throw error;
  }
}

/** Warnings and errors to stderr, the rest unsaid (what the registry logs while starting the chains). */
const say = (_object: unknown, message?: string) => {
  if (message) process.stderr.write(`${message}\n`);
};
const quiet = () => undefined;
const log = {
  level: 'warn',
  fatal: say,
  error: say,
  warn: say,
  info: quiet,
  debug: quiet,
  trace: quiet,
  silent: quiet,
  child: () => log,
} as unknown as FastifyBaseLogger;

const config = readConfig();
let exitCode = 0;
try {
  const database = await createDatabase(config);
  try {
    // As the server does at start: the books' tables exist from migration 0023.
    await database.migrate();
    const secrets = createSecretBox(resolveSecretKey(config));
    const seed = await loadWalletSeed({ db: database.db, secrets, configured: config.chains.walletMnemonic });
    const registry = await createChainRegistry({
      db: database.db,
      settings: config.chains,
      wallet: createHdWallet(seed.mnemonic),
      log,
      // The live registry enables a chain only with its signer (as the server's start gives it):
      // without one every live chain was left out and the command answered "0 pairs", clean.
      ...(config.chains.mode === 'live' ? { signer: createLocalSigner(seed.mnemonic) } : {}),
    });
    const rows = [];
    for (const adapter of registry.enabled()) rows.push(...(await reconcileChain(database.db, adapter)));
    process.stdout.write(`${formatReconcile(rows)}\n`);
    if (isClean(rows)) {
      process.stdout.write(
        `chain:reconcile: the books match the chains (${rows.length} chain and coin pairs)\n`,
      );
    } else {
      process.stdout.write('chain:reconcile: the books differ from the chains (above)\n');
      exitCode = 1;
    }
  } finally {
    await database.close();
  }
} catch (error) {
  process.stderr.write(`chain:reconcile: ${(error as Error).message}\n`);
  exitCode = 2;
}
process.exit(exitCode);
