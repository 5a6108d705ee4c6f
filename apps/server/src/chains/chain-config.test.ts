import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { LIVE_CONFIRMATIONS, WALLET_MNEMONIC_REQUIRED } from './chain-config';

const paths = { cwd: '/srv/app/apps/server', repoRoot: '/srv/app', serverDir: '/srv/app/apps/server' };
const MNEMONIC =
  'abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon abandon about';

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, paths);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('chain settings', () => {
  it('default to devnet, 3 s blocks and 3 confirmations on every chain', () => {
    expect(loadConfig({}, paths).chains).toEqual({
      mode: 'devnet',
      devnetBlockMs: 3000,
      confirmations: { ETH: 3, TRON: 3, BSC: 3, POLYGON: 3, DOGE: 3 },
      rpcUrls: { ETH: undefined, TRON: undefined, BSC: undefined, POLYGON: undefined, DOGE: undefined },
      walletMnemonic: undefined,
      sendStuckBlocks: 12,
    });
  });

  it('take live defaults for confirmations in live mode, and each variable over them', () => {
    const chains = loadConfig(
      {
        CHAIN_MODE: 'live',
        WALLET_MNEMONIC: ` ${MNEMONIC.toUpperCase()}  `,
        CONFIRMATIONS_TRON: '25',
        RPC_URL_ETH: 'https://eth.example.com/v2/key',
        RPC_URL_TRON: 'wss://tron.example.com',
      },
      paths,
    ).chains;
    expect(chains).toEqual({
      mode: 'live',
      devnetBlockMs: 3000,
      confirmations: { ...LIVE_CONFIRMATIONS, TRON: 25 },
      rpcUrls: {
        ETH: 'https://eth.example.com/v2/key',
        TRON: 'wss://tron.example.com',
        BSC: undefined,
        POLYGON: undefined,
        DOGE: undefined,
      },
      walletMnemonic: MNEMONIC,
      sendStuckBlocks: 12,
    });
    expect(LIVE_CONFIRMATIONS.ETH).toBeGreaterThan(3);
    expect(loadConfig({ DEVNET_BLOCK_MS: '250', CONFIRMATIONS_DOGE: '1' }, paths).chains).toMatchObject({
      devnetBlockMs: 250,
      confirmations: { ETH: 3, DOGE: 1 },
    });
    expect(loadConfig({ SEND_STUCK_BLOCKS: '40' }, paths).chains.sendStuckBlocks).toBe(40);
  });

  it('refuse to start live without WALLET_MNEMONIC, with the reason', () => {
    expect(problemsOf({ CHAIN_MODE: 'live' })).toEqual([WALLET_MNEMONIC_REQUIRED]);
    expect(problemsOf({ CHAIN_MODE: 'live', WALLET_MNEMONIC: '   ' })).toEqual([WALLET_MNEMONIC_REQUIRED]);
    // Devnet generates its own.
    expect(loadConfig({ CHAIN_MODE: 'devnet' }, paths).chains.walletMnemonic).toBeUndefined();
  });

  it('refuse bad values, one line each, never echoing a mnemonic or a node URL', () => {
    const badMnemonic = MNEMONIC.replace('about', 'abandon');
    const problems = problemsOf({
      CHAIN_MODE: 'mainnet',
      DEVNET_BLOCK_MS: '5',
      CONFIRMATIONS_ETH: '0',
      CONFIRMATIONS_BSC: 'many',
      RPC_URL_POLYGON: 'ftp://secret-key@node.example.com',
      WALLET_MNEMONIC: badMnemonic,
      SEND_STUCK_BLOCKS: '0',
    });
    expect(problems).toEqual([
      'CHAIN_MODE must be devnet or live (got "mainnet")',
      'DEVNET_BLOCK_MS must be a whole number of milliseconds from 10 to 3600000 (got "5")',
      'CONFIRMATIONS_ETH must be a whole number from 1 to 10000 (got "0")',
      'CONFIRMATIONS_BSC must be a whole number from 1 to 10000 (got "many")',
      'RPC_URL_POLYGON must be an http(s):// or ws(s):// URL',
      'WALLET_MNEMONIC must be a BIP-39 mnemonic: 12 to 24 English words with a valid checksum',
      'SEND_STUCK_BLOCKS must be a whole number of blocks from 1 to 100000 (got "0")',
    ]);
    expect(problems.join('\n')).not.toContain('secret-key');
    expect(problems.join('\n')).not.toContain('abandon');
  });
});
