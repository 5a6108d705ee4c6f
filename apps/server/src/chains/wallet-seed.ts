import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { walletSecrets } from '../db/schema';
import { type SecretBox, SecretBoxError } from '../lib/secret-box';
import { createHdWallet, type HdWallet } from './hd-wallet';
import { createMnemonic, isValidMnemonic, normalizeMnemonic } from './mnemonic';

/**
 * Where the HD mnemonic comes from. WALLET_MNEMONIC when set (required in live mode: config.ts
 * refuses to start without it). Otherwise, on devnet, one is generated at the first start and
 * kept sealed under SECRET_KEY in wallet_secrets; the first node to insert wins and every
 * node reads that one back, so nodes starting together agree on one wallet.
 */
export const MNEMONIC_SECRET_NAME = 'hd_mnemonic';
export const MNEMONIC_AAD = `wallet_secrets:${MNEMONIC_SECRET_NAME}`;

export interface WalletSeed {
  mnemonic: string;
  source: 'environment' | 'stored' | 'generated';
  /** Set when WALLET_MNEMONIC differs from a mnemonic stored earlier (its addresses stay with it). */
  storedDiffers?: boolean;
}

export async function loadWalletSeed(input: {
  db: Database;
  secrets: SecretBox;
  configured: string | undefined;
}): Promise<WalletSeed> {
  const { db, secrets, configured } = input;
  if (configured !== undefined) {
    const mnemonic = normalizeMnemonic(configured);
    if (!isValidMnemonic(mnemonic)) throw new Error('WALLET_MNEMONIC is not a valid BIP-39 mnemonic');
    // A stored mnemonic this key cannot open is another one too; WALLET_MNEMONIC wins either way.
    const stored = await readStoredMnemonic(db, secrets).catch((error) => {
      if (error instanceof SecretBoxError) return undefined;
      throw error;
    });
    return {
      mnemonic,
      source: 'environment',
      ...(stored !== null && stored !== mnemonic ? { storedDiffers: true } : {}),
    };
  }
  const stored = await readStoredMnemonic(db, secrets);
  if (stored !== null) return { mnemonic: stored, source: 'stored' };
  const generated = createMnemonic();
  const inserted = await db
    .insert(walletSecrets)
    .values({ name: MNEMONIC_SECRET_NAME, sealed: secrets.seal(generated, MNEMONIC_AAD) })
    .onConflictDoNothing()
    .returning({ name: walletSecrets.name });
  if (inserted.length === 1) return { mnemonic: generated, source: 'generated' };
  // Another node inserted first: use its mnemonic.
  const winner = await readStoredMnemonic(db, secrets);
  if (winner === null) throw new Error('wallet mnemonic vanished while starting');
  return { mnemonic: winner, source: 'stored' };
}

/** The stored mnemonic, opened (throws if it does not open: another SECRET_KEY, or tampered). */
async function readStoredMnemonic(db: Database, secrets: SecretBox): Promise<string | null> {
  const [row] = await db
    .select({ sealed: walletSecrets.sealed })
    .from(walletSecrets)
    .where(eq(walletSecrets.name, MNEMONIC_SECRET_NAME));
  if (!row) return null;
  return secrets.open(row.sealed, MNEMONIC_AAD);
}

/**
 * Live mode: the wallet this database's addresses were given from, by a fingerprint (never the
 * mnemonic): the first EVM order address (m/44'/60'/0'/0/0), a public value that names the
 * mnemonic without revealing it. The first live start stores it (sealed like every row of
 * wallet_secrets, so it cannot be swapped in the database unseen); every later live start with
 * another WALLET_MNEMONIC is refused, as the addresses given out, and the money at them, belong
 * to the stored one. A database that ran on devnet before holds its mnemonic instead, and is
 * compared with that.
 */
export const FINGERPRINT_SECRET_NAME = 'hd_fingerprint';
export const FINGERPRINT_AAD = `wallet_secrets:${FINGERPRINT_SECRET_NAME}`;

export function walletFingerprint(wallet: HdWallet): string {
  return wallet.deriveAddress('evm', 0, 0);
}

/** Thrown when WALLET_MNEMONIC is not the wallet the database's addresses came from. */
export class WalletMismatchError extends Error {
  override name = 'WalletMismatchError';
}

export async function checkWalletFingerprint(input: {
  db: Database;
  secrets: SecretBox;
  wallet: HdWallet;
}): Promise<'stored' | 'matches'> {
  const { db, secrets, wallet } = input;
  const fingerprint = walletFingerprint(wallet);
  const mismatch = (what: string) =>
    new WalletMismatchError(
      `WALLET_MNEMONIC is not the wallet this database's addresses were given from (${what}): start with that mnemonic; a new wallet needs a new database`,
    );
  const stored = await readStoredMnemonic(db, secrets);
  if (stored !== null && walletFingerprint(createHdWallet(stored)) !== fingerprint) {
    throw mismatch('the mnemonic stored in wallet_secrets differs');
  }
  const inserted = await db
    .insert(walletSecrets)
    .values({ name: FINGERPRINT_SECRET_NAME, sealed: secrets.seal(fingerprint, FINGERPRINT_AAD) })
    .onConflictDoNothing()
    .returning({ name: walletSecrets.name });
  if (inserted.length === 1) return 'stored';
  const [row] = await db
    .select({ sealed: walletSecrets.sealed })
    .from(walletSecrets)
    .where(eq(walletSecrets.name, FINGERPRINT_SECRET_NAME));
  if (!row) throw new Error('wallet fingerprint vanished while starting');
  const known = secrets.open(row.sealed, FINGERPRINT_AAD);
  if (known !== fingerprint) throw mismatch(`its first address is ${known}, this one's ${fingerprint}`);
  return 'matches';
}
