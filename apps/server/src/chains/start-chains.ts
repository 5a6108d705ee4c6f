import type { FastifyInstance } from 'fastify';
import { SecretBoxError } from '../lib/secret-box';
import { StartupError } from '../lib/startup-error';
import { createChainRegistry, describeChains } from './chain-registry';
import { createHdWallet } from './hd-wallet';
import { createLocalSigner } from './signer';
import { checkWalletFingerprint, loadWalletSeed, WalletMismatchError, type WalletSeed } from './wallet-seed';

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
  const wallet = createHdWallet(seed.mnemonic);
  if (settings.mode === 'live') {
    // Real money: a mnemonic other than the one the addresses came from refuses to start.
    await checkLiveWallet(app, wallet);
  } else if (seed.storedDiffers) {
    app.log.warn(
      'wallet: WALLET_MNEMONIC differs from the mnemonic stored in wallet_secrets; addresses given out before belong to the stored one',
    );
  }
  const registry = await createChainRegistry({
    db: app.db,
    settings,
    wallet,
    log: app.log,
    // Live chains sign; the devnet's "signatures" are its own (devnet-sender).
    ...(settings.mode === 'live' ? { signer: createLocalSigner(seed.mnemonic) } : {}),
  });
  app.decorate('chains', registry);
  for (const line of describeChains(registry)) {
    if (registry.mode === 'live') app.log.warn(line);
    else app.log.info(line);
  }
  app.addHook('onReady', async () => registry.start());
}

async function checkLiveWallet(app: FastifyInstance, wallet: ReturnType<typeof createHdWallet>) {
  try {
    const outcome = await checkWalletFingerprint({ db: app.db, secrets: app.secrets, wallet });
    if (outcome === 'stored') app.log.info('wallet: stored the fingerprint of WALLET_MNEMONIC (live mode)');
  } catch (error) {
    if (error instanceof WalletMismatchError) throw new StartupError(error.message);
    if (error instanceof SecretBoxError) {
      throw new StartupError(
        'The secret key does not open the wallet rows stored in the database (wallet_secrets): ' +
          'start with the SECRET_KEY (or, without one, the DATA_DIR/secret.key) they were sealed with',
      );
    }
    throw error;
  }
}

const SEALED_WITH_ANOTHER_KEY =
  'The secret key does not open the wallet mnemonic stored in the database (wallet_secrets.hd_mnemonic): ' +
  'start with the SECRET_KEY (or, without one, the DATA_DIR/secret.key) it was sealed with, or set WALLET_MNEMONIC';

async function openWalletSeed(app: FastifyInstance, configured: string | undefined): Promise<WalletSeed> {
  try {
    return await loadWalletSeed({ db: app.db, secrets: app.secrets, configured });
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new StartupError(SEALED_WITH_ANOTHER_KEY);
  }
}
