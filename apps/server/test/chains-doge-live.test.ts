/**
 * CHAIN_MODE=live with RPC_URL_DOGE (litecoind -regtest standing in for a Dogecoin node): DOGE
 * is enabled with the live Doge adapter once the node's chain is DOGE_NETWORK's; a node of
 * another network refuses to start with one line; a node that does not answer leaves DOGE
 * waiting. The registry's balances read the platform's outputs from chain_utxos.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScanHeight } from '../src/chains/chain-adapter';
import { chainUtxos } from '../src/db/schema';
import { StartupError } from '../src/lib/startup-error';
import { buildTestApp } from './helpers/build-test-app';
import { freePort } from './helpers/free-port';
import { type Litecoind, startLitecoind } from './helpers/litecoind';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

function logLines() {
  const lines: { level: number; msg: string }[] = [];
  return { lines, stream: { write: (line: string) => lines.push(JSON.parse(line)) } };
}

let node: Litecoind;
beforeAll(async () => {
  node = await startLitecoind();
}, 120_000);
afterAll(async () => {
  await node?.stop();
});

describe('live DOGE', () => {
  it('enables DOGE on a regtest node with DOGE_NETWORK=regtest, saying it runs on a test network', async () => {
    const log = logLines();
    const app = await buildTestApp({
      env: {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC: MNEMONIC,
        RPC_URL_DOGE: node.url,
        DOGE_NETWORK: 'regtest',
        START_BLOCK_DOGE: '3',
        LOG_LEVEL: 'info',
      },
      logStream: log.stream,
    });
    try {
      const doge = app.chains.get('DOGE');
      expect(app.chains.enabled().map((adapter) => adapter.chainId)).toEqual(['DOGE']);
      expect(doge?.mode).toBe('live');
      expect(doge?.family).toBe('doge');
      expect(doge?.confirmations).toBe(6);
      if (!doge) throw new Error('DOGE not enabled');
      expect(await firstScanHeight(doge)).toBe(3);
      expect(doge.deriveAddress(0)).toMatch(/^[mn]/);
      const warnings = log.lines.filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContain('Chains: LIVE (CHAIN_MODE=live); enabled: DOGE.');
      expect(warnings).toContain('Chain DOGE runs on a test network: Dogecoin regtest, set by DOGE_NETWORK.');
      expect(log.lines.map((l) => l.msg).join('\n')).not.toContain('regtest@'); // the URL's password

      // A balance: the address's outputs in chain_utxos the node holds unspent.
      const address = doge.deriveAddress(5);
      const txid = await node.send(address, '2.5');
      await node.mine(1);
      const range = await doge.scan(await node.head(), await node.head(), new Set([address]));
      const paid = range.transfers[0];
      if (!paid) throw new Error('payment not found');
      expect(await doge.balanceOf(address, 'DOGE')).toBe('0.00000000'); // not known to the platform yet
      await app.db.insert(chainUtxos).values({
        chainId: 'DOGE',
        txid,
        vout: paid.logIndex,
        address,
        keyAccount: 0,
        keyIndex: 5,
        amount: paid.amount,
        blockHeight: paid.blockHeight,
        blockHash: paid.blockHash,
        createdAt: new Date(),
      });
      expect(await doge.balanceOf(address, 'DOGE')).toBe('2.50000000');
    } finally {
      await app.close();
    }
  });

  it('refuses to start when the node is not DOGE_NETWORK’s (mainnet by default), with one line', async () => {
    for (const env of [{}, { DOGE_NETWORK: 'testnet' }] as Record<string, string>[]) {
      const refused = await buildTestApp({
        env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC, RPC_URL_DOGE: node.url, ...env },
      }).then(
        async (app) => {
          await app.close();
          return null;
        },
        (error: unknown) => error,
      );
      expect(refused).toBeInstanceOf(StartupError);
      const name = env.DOGE_NETWORK ?? 'mainnet';
      expect((refused as Error).message).toMatch(
        new RegExp(`^The node at RPC_URL_DOGE runs the "regtest" chain, but DOGE_NETWORK=${name} needs`),
      );
      expect((refused as Error).message).not.toContain('regtest@');
    }
  });

  it('waits for a node that does not answer at start', async () => {
    const log = logLines();
    const app = await buildTestApp({
      env: {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC: MNEMONIC,
        RPC_URL_DOGE: `http://tollgate:secret-doge-pass@127.0.0.1:${await freePort()}`,
        LOG_LEVEL: 'info',
      },
      logStream: log.stream,
    });
    try {
      expect(app.chains.enabled().map((adapter) => adapter.chainId)).toEqual(['DOGE']);
      const warnings = log.lines.filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContain(
        'Chain DOGE: the node at RPC_URL_DOGE did not answer at start; the chain waits for it (its network is checked on its first answer).',
      );
      // Mainnet: no test-network line.
      expect(warnings.filter((w) => w.includes('test network'))).toEqual([]);
      expect(log.lines.map((l) => l.msg).join('\n')).not.toContain('secret-doge-pass');
      await expect(app.chains.get('DOGE')?.headHeight()).rejects.toThrow(/node not reached/);
    } finally {
      await app.close();
    }
  });
});
