import type { FastifyInstance } from 'fastify';
import { SecretBoxError } from '../lib/secret-box';
import { StartupError } from '../lib/startup-error';
import { createChainRegistry, describeChains } from './chain-registry';
import { createHdWallet } from './hd-wallet';
import { loadWalletSeed, type WalletSeed } from './wallet-seed';

/**
 * Decorates `app.chains` once the database is migrated: the wallet from its mnemonic, the
 * adapters of the chain mode, and (devnet) the genesis blocks. The block producer's timer
 * runs from ready to close; app.ts stops it before the database closes.
 */
export async function startChains(app: FastifyInstance): Promise<void> {
  const settings = app.config.chains;
  const seed = await openWalletSeed(app, settings.walletMnemonic);
  if (seed.source === 'generated') {
    app.log.info('wallet: generated a new HD mnemonic, stored sealed in wallet_secrets');
  }
  if (seed.storedDiffers) {
    app.log.warn(
      'wallet: WALLET_MNEMONIC differs from the mnemonic stored in wallet_secrets; addresses given out before belong to the stored one',
    );
  }
  const registry = await createChainRegistry({
    db: app.db,
    settings,
    wallet: createHdWallet(seed.mnemonic),
    log: app.log,
    now: app.now,
  });
  app.decorate('chains', registry);
  for (const line of describeChains(registry)) {
    if (registry.mode === 'live') app.log.warn(line);
    else app.log.info(line);
  }
  app.addHook('onReady', async () => registry.start());
}

async function openWalletSeed(app: FastifyInstance, configured: string | undefined): Promise<WalletSeed> {
  try {
    return await loadWalletSeed({ db: app.db, secrets: app.secrets, configured });
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new StartupError(
      'The secret key does not open the wallet mnemonic stored in the database (wallet_secrets.hd_mnemonic): ' +
        'start with the SECRET_KEY (or, without one, the DATA_DIR/secret.key) it was sealed with, or set WALLET_MNEMONIC',
    );
  }
}
