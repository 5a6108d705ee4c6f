/**
 * CHAIN_MODE=live: no chain runs without its node, and TRON (no live adapter yet) not at all;
 * each says why at start. No devnet is created or used, nothing to simulate with. (The EVM
 * chains with a node: chains-evm-live.test.ts, against anvil; DOGE: chains-doge-live.test.ts.)
 * Also: a start whose key cannot open the stored wallet mnemonic is refused with one line.
 */
import { describe, expect, it } from 'vitest';
import { describeChains } from '../src/chains/chain-registry';
import { devnetBlocks, walletSecrets } from '../src/db/schema';
import { StartupError } from '../src/lib/startup-error';
import { buildTestApp } from './helpers/build-test-app';
import { createTestDatabase } from './helpers/test-database';

const TEST_MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

function logLines() {
  const lines: { level: number; msg: string }[] = [];
  return {
    lines,
    stream: { write: (line: string) => lines.push(JSON.parse(line)) },
  };
}

describe('live mode', () => {
  it('disables every chain, each with its reason at start, and has no devnet', async () => {
    const log = logLines();
    const app = await buildTestApp({
      env: {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC: TEST_MNEMONIC,
        RPC_URL_TRON: 'https://tron.example.com/v2/secret-api-key',
        CONFIRMATIONS_TRON: '30',
        LOG_LEVEL: 'info',
      },
      logStream: log.stream,
    });
    try {
      expect(app.chains.mode).toBe('live');
      expect(app.chains.enabled()).toEqual([]);
      expect(app.chains.get('ETH')).toBeUndefined();
      expect(app.chains.get('TRON')).toBeUndefined();
      expect(app.chains.devnet).toBeNull();
      expect(app.chains.statuses().map((s) => [s.chainId, s.enabled, s.confirmations])).toEqual([
        ['ETH', false, 12],
        ['TRON', false, 30],
        ['BSC', false, 15],
        ['POLYGON', false, 128],
        ['DOGE', false, 6],
      ]);
      const warnings = log.lines.filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContain('Chains: LIVE (CHAIN_MODE=live); enabled: none.');
      expect(warnings).toContain('Chain ETH is disabled: RPC_URL_ETH is not set (CHAIN_MODE=live).');
      expect(warnings).toContain('Chain BSC is disabled: RPC_URL_BSC is not set (CHAIN_MODE=live).');
      expect(
        warnings.find((w) => w.startsWith('Chain TRON is disabled: this version has no live TRON adapter')),
      ).toBeTruthy();
      expect(warnings).toContain('Chain DOGE is disabled: RPC_URL_DOGE is not set (CHAIN_MODE=live).');
      expect(log.lines.map((l) => l.msg).join('\n')).not.toContain('secret-api-key');

      const runtime = await app.inject({ url: '/front/config/runtime' });
      expect(runtime.json().data).toEqual({
        chainMode: 'live',
        chains: [
          { chainId: 'ETH', enabled: false, confirmations: 12 },
          { chainId: 'TRON', enabled: false, confirmations: 30 },
          { chainId: 'BSC', enabled: false, confirmations: 15 },
          { chainId: 'POLYGON', enabled: false, confirmations: 128 },
          { chainId: 'DOGE', enabled: false, confirmations: 6 },
        ],
      });

      // Nothing simulated: no genesis, no blocks, no generated mnemonic; only the wallet's fingerprint.
      expect(await app.db.select().from(devnetBlocks)).toEqual([]);
      expect((await app.db.select().from(walletSecrets)).map((row) => row.name)).toEqual(['hd_fingerprint']);
    } finally {
      await app.close();
    }
  });

  it('says on the start banner which mode runs', () => {
    expect(describeChains({ mode: 'devnet', statuses: () => [] })).toEqual([
      'Chains: DEVNET (CHAIN_MODE=devnet): payments are simulated, no real money moves.',
    ]);
    expect(
      describeChains({
        mode: 'live',
        statuses: () => [
          { chainId: 'ETH', enabled: true, confirmations: 12 },
          { chainId: 'TRON', enabled: false, confirmations: 19, reason: 'Chain TRON is disabled: why' },
        ],
      }),
    ).toEqual(['Chains: LIVE (CHAIN_MODE=live); enabled: ETH.', 'Chain TRON is disabled: why']);
  });
});

describe('the stored wallet mnemonic and SECRET_KEY', () => {
  it('refuses a start whose key cannot open it, with one line', async () => {
    const database = await createTestDatabase();
    const first = await buildTestApp({ database: { ...database, close: async () => {} } });
    const address = first.chains.get('ETH')?.deriveAddress(0);
    await first.close();
    const otherKey = Buffer.alloc(32, 0x22).toString('base64');
    const refused = await buildTestApp({
      database: { ...database, close: async () => {} },
      env: { SECRET_KEY: otherKey },
    }).then(
      () => null,
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toMatch(/does not open the wallet mnemonic/);
    // The same key again: the same wallet.
    const again = await buildTestApp({ database });
    expect(again.chains.get('ETH')?.deriveAddress(0)).toBe(address);
    await again.close();
  });
});
