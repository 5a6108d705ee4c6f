/**
 * CHAIN_MODE=live with an EVM node (anvil, from node_modules): the chain is enabled with its
 * live adapter once the node's chain id is the one expected; a node of another chain refuses to
 * start with one line; a node that does not answer leaves the chain waiting. The coins come from
 * the coins table with TOKEN_<COIN>_<CHAIN> applied. In live mode, a WALLET_MNEMONIC other than
 * the one the database's addresses came from refuses to start.
 */
import { parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { firstScanHeight } from '../src/chains/chain-adapter';
import { walletSecrets } from '../src/db/schema';
import { StartupError } from '../src/lib/startup-error';
import { ANVIL_FUNDER, type Anvil, startAnvil } from './helpers/anvil';
import { buildTestApp } from './helpers/build-test-app';
import { freePort } from './helpers/free-port';
import { createTestDatabase } from './helpers/test-database';

const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';
const OTHER_MNEMONIC = 'legal winner thank year wave sausage worth useful legal winner thank yellow';

function logLines() {
  const lines: { level: number; msg: string }[] = [];
  return { lines, stream: { write: (line: string) => lines.push(JSON.parse(line)) } };
}

async function refusal(start: Promise<{ close(): Promise<void> }>): Promise<unknown> {
  return start.then(
    async (app) => {
      await app.close();
      return null;
    },
    (error: unknown) => error,
  );
}

let anvil: Anvil;
let token: string;
beforeAll(async () => {
  anvil = await startAnvil();
  token = await anvil.deployToken();
});
afterAll(async () => {
  await anvil?.stop();
});

describe('live EVM chains', () => {
  it('enables ETH on a local node named by CHAIN_ID_ETH, with the test token as USDT', async () => {
    const log = logLines();
    const app = await buildTestApp({
      env: {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC: MNEMONIC,
        RPC_URL_ETH: anvil.url,
        CHAIN_ID_ETH: '31337',
        TOKEN_USDT_ETH: token.toLowerCase(),
        START_BLOCK_ETH: '1',
        CONFIRMATIONS_ETH: '2',
        LOG_LEVEL: 'info',
      },
      logStream: log.stream,
    });
    try {
      const eth = app.chains.get('ETH');
      expect(eth?.mode).toBe('live');
      expect(app.chains.enabled().map((adapter) => adapter.chainId)).toEqual(['ETH']);
      expect(app.chains.get('BSC')).toBeUndefined();
      expect(app.chains.devnet).toBeNull();
      const warnings = log.lines.filter((l) => l.level === 40).map((l) => l.msg);
      expect(warnings).toContain('Chains: LIVE (CHAIN_MODE=live); enabled: ETH.');
      expect(warnings).toContain(
        'Chain ETH runs on a test network: chain id 31337 (a local anvil or Hardhat node), set by CHAIN_ID_ETH.',
      );
      expect(warnings).toContain('Chain BSC is disabled: RPC_URL_BSC is not set (CHAIN_MODE=live).');
      if (!eth) throw new Error('ETH not enabled');
      expect(eth.confirmations).toBe(2);
      expect(await firstScanHeight(eth)).toBe(1);

      const address = eth.deriveAddress(7);
      const from = (await anvil.head()) + 1;
      const paidToken = await anvil.tokenTransfer(token, address, 25_500_000n);
      const paidEth = await anvil.send({ to: address, value: parseEther('0.01') });
      const { transfers } = await eth.scan(from, await anvil.head(), new Set([address]));
      expect(transfers.map((t) => [t.txHash, t.coinName, t.amount])).toEqual([
        [paidToken, 'USDT', '25.5'],
        [paidEth, 'ETH', '0.01'],
      ]);
      expect(await eth.balanceOf(address, 'USDT')).toBe('25.5');
      // USDC keeps the coins table's contract, which holds no code on this node.
      expect(await eth.balanceOf(address, 'USDC')).toBe('0');

      const runtime = await app.inject({ url: '/front/config/runtime' });
      expect(runtime.json().data.chains[0]).toEqual({ chainId: 'ETH', enabled: true, confirmations: 2 });
    } finally {
      await app.close();
    }
  });

  it('refuses to start on a node of another chain, with one line', async () => {
    const bsc = await startAnvil({ chainId: 56 });
    try {
      const asEthereum = await refusal(
        buildTestApp({ env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC, RPC_URL_ETH: bsc.url } }),
      );
      expect(asEthereum).toBeInstanceOf(StartupError);
      expect((asEthereum as Error).message).toBe(
        'The node at RPC_URL_ETH reports chain id 56 (BNB Chain), but ETH expects 1 (Ethereum): check RPC_URL_ETH.',
      );
      // The right chain: it starts.
      const app = await buildTestApp({
        env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC, RPC_URL_BSC: bsc.url },
      });
      expect(app.chains.get('BSC')?.mode).toBe('live');
      await app.close();
    } finally {
      await bsc.stop();
    }
    // A local node without CHAIN_ID_ETH is refused too: a test network is always named.
    const local = await refusal(
      buildTestApp({ env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC, RPC_URL_ETH: anvil.url } }),
    );
    expect((local as Error).message).toBe(
      'The node at RPC_URL_ETH reports chain id 31337 (a local anvil or Hardhat node), but ETH expects 1 (Ethereum): check RPC_URL_ETH, or set CHAIN_ID_ETH=31337 if it is a test network.',
    );
  });

  it('refuses a TOKEN_<COIN>_<CHAIN> that is no token, or has other decimals than the coin', async () => {
    const live = { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC };
    const bsc = await refusal(
      buildTestApp({
        env: { ...live, RPC_URL_BSC: anvil.url, CHAIN_ID_BSC: '31337', TOKEN_USDT_BSC: token },
      }),
    );
    expect(bsc).toBeInstanceOf(StartupError);
    expect((bsc as Error).message).toBe(
      `TOKEN_USDT_BSC (${token}) has 6 decimals, but USDT on BSC has 18: amounts would be converted wrong.`,
    );
    const eoa = await refusal(
      buildTestApp({
        env: { ...live, RPC_URL_ETH: anvil.url, CHAIN_ID_ETH: '31337', TOKEN_USDC_ETH: ANVIL_FUNDER },
      }),
    );
    expect((eoa as Error).message).toBe(
      `TOKEN_USDC_ETH (${ANVIL_FUNDER}) is not a token on the ETH node: it answers no decimals().`,
    );
  });

  it('starts with a node that does not answer, the chain waiting for it', async () => {
    const log = logLines();
    const port = await freePort(); // nothing listens there
    const app = await buildTestApp({
      env: {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC: MNEMONIC,
        RPC_URL_POLYGON: `http://user:secret-key@127.0.0.1:${port}`,
        LOG_LEVEL: 'info',
      },
      logStream: log.stream,
    });
    try {
      expect(log.lines.map((l) => l.msg)).toContain(
        'Chain POLYGON: the node at RPC_URL_POLYGON did not answer at start; the chain waits for it (its chain id is checked on its first answer).',
      );
      expect(log.lines.map((l) => l.msg).join('\n')).not.toContain('secret-key');
      await expect(app.chains.get('POLYGON')?.headHeight()).rejects.toThrow();
    } finally {
      await app.close();
    }
  });
});

describe('the live wallet', () => {
  it('stores a fingerprint, never the mnemonic, and refuses another WALLET_MNEMONIC after', async () => {
    const database = await createTestDatabase();
    const kept = { ...database, close: async () => {} };
    const live = (mnemonic: string) =>
      buildTestApp({ database: kept, env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: mnemonic } });
    const first = await live(MNEMONIC);
    const rows = await first.db.select().from(walletSecrets);
    expect(rows.map((row) => row.name)).toEqual(['hd_fingerprint']);
    for (const word of ['abandon', 'about', '0x9858']) expect(rows[0]?.sealed).not.toContain(word);
    await first.close();

    const refused = await refusal(live(OTHER_MNEMONIC));
    expect(refused).toBeInstanceOf(StartupError);
    expect((refused as Error).message).toMatch(
      /^WALLET_MNEMONIC is not the wallet this database's addresses were given from \(its first address is 0x9858EfFD232B4033E47d90003D41EC34EcaEda94, this one's 0x[0-9a-fA-F]{40}\): start with that mnemonic; a new wallet needs a new database$/,
    );
    // Another SECRET_KEY cannot open the fingerprint: refused, one line.
    const otherKey = await refusal(
      buildTestApp({
        database: kept,
        env: {
          CHAIN_MODE: 'live',
          WALLET_MNEMONIC: MNEMONIC,
          SECRET_KEY: Buffer.alloc(32, 0x22).toString('base64'),
        },
      }),
    );
    expect(otherKey).toBeInstanceOf(StartupError);
    expect((otherKey as Error).message).toBe(
      'The secret key does not open the wallet rows stored in the database (wallet_secrets): start with the SECRET_KEY (or, without one, the DATA_DIR/secret.key) they were sealed with',
    );
    const again = await buildTestApp({ database, env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC } });
    await again.close();
  });

  it('refuses a WALLET_MNEMONIC other than the one a devnet database generated', async () => {
    const database = await createTestDatabase();
    const kept = { ...database, close: async () => {} };
    const devnet = await buildTestApp({ database: kept });
    const address = devnet.chains.get('ETH')?.deriveAddress(0);
    await devnet.close();
    const refused = await refusal(
      buildTestApp({ database: kept, env: { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC } }),
    );
    expect((refused as Error).message).toBe(
      "WALLET_MNEMONIC is not the wallet this database's addresses were given from (the mnemonic stored in wallet_secrets differs): start with that mnemonic; a new wallet needs a new database",
    );
    // Devnet itself is as before: WALLET_MNEMONIC over a stored one only warns.
    const devnetAgain = await buildTestApp({ database, env: { WALLET_MNEMONIC: MNEMONIC } });
    expect(devnetAgain.chains.get('ETH')?.deriveAddress(0)).not.toBe(address);
    await devnetAgain.close();
  });
});
