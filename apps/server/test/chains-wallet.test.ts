/**
 * The wallet's mnemonic at rest: generated once and sealed when WALLET_MNEMONIC is unset, the
 * same one for every node starting at once (PostgreSQL: real concurrent connections), never
 * stored in plain text, and not opened under another key or moved to another name.
 */
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isValidMnemonic } from '../src/chains/mnemonic';
import { loadWalletSeed, MNEMONIC_AAD, MNEMONIC_SECRET_NAME } from '../src/chains/wallet-seed';
import type { DatabaseHandle } from '../src/db/client';
import { walletSecrets } from '../src/db/schema';
import { createSecretBox, SecretBoxError } from '../src/lib/secret-box';
import { TEST_SECRET_KEY } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-database';

const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const secrets = createSecretBox(Buffer.from(TEST_SECRET_KEY, 'base64'));

let database: DatabaseHandle;
beforeAll(async () => {
  database = await createTestDatabase();
  await database.migrate();
});
afterAll(() => database.close());

const storedRows = () => database.db.select().from(walletSecrets);

describe('the wallet seed', () => {
  it('takes WALLET_MNEMONIC when set, normalized, and stores nothing', async () => {
    const seed = await loadWalletSeed({
      db: database.db,
      secrets,
      configured: `  ${TEST_MNEMONIC.toUpperCase()}\n`,
    });
    expect(seed).toEqual({ mnemonic: TEST_MNEMONIC, source: 'environment' });
    expect(await storedRows()).toEqual([]);
    await expect(
      loadWalletSeed({ db: database.db, secrets, configured: TEST_MNEMONIC.replace('about', 'abandon') }),
    ).rejects.toThrow(/BIP-39/);
  });

  it('generates one 24-word mnemonic when several nodes start at once, sealed', async () => {
    // On PostgreSQL, open the pool's connections first so that the loads below really overlap.
    await Promise.all(Array.from({ length: 8 }, () => database.db.execute(sql`SELECT pg_sleep(0.05)`)));
    const seeds = await Promise.all(
      Array.from({ length: 8 }, () => loadWalletSeed({ db: database.db, secrets, configured: undefined })),
    );
    const mnemonics = new Set(seeds.map((s) => s.mnemonic));
    expect(mnemonics.size).toBe(1);
    const [mnemonic] = [...mnemonics];
    expect(mnemonic?.split(' ')).toHaveLength(24);
    expect(isValidMnemonic(mnemonic ?? '')).toBe(true);
    expect(seeds.filter((s) => s.source === 'generated')).toHaveLength(1);

    const rows = await storedRows();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe(MNEMONIC_SECRET_NAME);
    expect(rows[0]?.sealed.startsWith('v1:')).toBe(true);
    for (const word of new Set(mnemonic?.split(' '))) expect(rows[0]?.sealed).not.toContain(word);
    expect(secrets.open(rows[0]?.sealed ?? '', MNEMONIC_AAD)).toBe(mnemonic);

    // A later start reads it back.
    const again = await loadWalletSeed({ db: database.db, secrets, configured: undefined });
    expect(again).toEqual({ mnemonic, source: 'stored' });
    // WALLET_MNEMONIC set later wins, and says it differs from the stored one.
    expect(await loadWalletSeed({ db: database.db, secrets, configured: TEST_MNEMONIC })).toEqual({
      mnemonic: TEST_MNEMONIC,
      source: 'environment',
      storedDiffers: true,
    });
  });

  it('does not open under another key, nor sealed for another name', async () => {
    const otherKey = createSecretBox(Buffer.alloc(32, 0x11));
    await expect(
      loadWalletSeed({ db: database.db, secrets: otherKey, configured: undefined }),
    ).rejects.toThrow(SecretBoxError);
    // WALLET_MNEMONIC set: it wins, and the stored one (unreadable here) counts as another.
    expect(await loadWalletSeed({ db: database.db, secrets: otherKey, configured: TEST_MNEMONIC })).toEqual({
      mnemonic: TEST_MNEMONIC,
      source: 'environment',
      storedDiffers: true,
    });
    const [row] = await storedRows();
    const original = row?.sealed ?? '';
    // A value sealed for another place, copied into this row, does not open.
    await database.db
      .update(walletSecrets)
      .set({ sealed: secrets.seal(TEST_MNEMONIC, 'wallet_secrets:other') })
      .where(eq(walletSecrets.name, MNEMONIC_SECRET_NAME));
    await expect(loadWalletSeed({ db: database.db, secrets, configured: undefined })).rejects.toThrow(
      SecretBoxError,
    );
    await database.db
      .update(walletSecrets)
      .set({ sealed: original })
      .where(eq(walletSecrets.name, MNEMONIC_SECRET_NAME));
  });
});
