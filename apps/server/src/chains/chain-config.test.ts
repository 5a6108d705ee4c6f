import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config';
import { DEFAULT_SWEEP_MINIMUMS, LIVE_CONFIRMATIONS, WALLET_MNEMONIC_REQUIRED } from './chain-config';

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
      startBlocks: { ETH: undefined, BSC: undefined, POLYGON: undefined, DOGE: undefined },
      dogeNetwork: 'mainnet',
      evmChainIds: { ETH: 1, BSC: 56, POLYGON: 137 },
      tokenContracts: {},
      sweepMinimums: DEFAULT_SWEEP_MINIMUMS,
      sweepIntervalMs: 600_000,
      reconcileIntervalMs: 600_000,
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
      startBlocks: { ETH: undefined, BSC: undefined, POLYGON: undefined, DOGE: undefined },
      dogeNetwork: 'mainnet',
      evmChainIds: { ETH: 1, BSC: 56, POLYGON: 137 },
      tokenContracts: {},
      sweepMinimums: DEFAULT_SWEEP_MINIMUMS,
      sweepIntervalMs: 600_000,
      reconcileIntervalMs: 600_000,
    });
    expect(LIVE_CONFIRMATIONS.ETH).toBeGreaterThan(3);
    expect(loadConfig({ DEVNET_BLOCK_MS: '250', CONFIRMATIONS_DOGE: '1' }, paths).chains).toMatchObject({
      devnetBlockMs: 250,
      confirmations: { ETH: 3, DOGE: 1 },
    });
    expect(loadConfig({ SEND_STUCK_BLOCKS: '40' }, paths).chains.sendStuckBlocks).toBe(40);
    expect(loadConfig({ SWEEP_MIN_USDT: '25.5', SWEEP_INTERVAL_MS: '5000' }, paths).chains).toMatchObject({
      sweepMinimums: { ...DEFAULT_SWEEP_MINIMUMS, USDT: '25.5' },
      sweepIntervalMs: 5000,
    });
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
      SWEEP_MIN_USDT: '0',
      SWEEP_MIN_ETH: '1e-3',
      RECONCILE_INTERVAL_MS: '10',
    });
    expect(problems).toEqual([
      'CHAIN_MODE must be devnet or live (got "mainnet")',
      'DEVNET_BLOCK_MS must be a whole number of milliseconds from 10 to 3600000 (got "5")',
      'CONFIRMATIONS_ETH must be a whole number from 1 to 10000 (got "0")',
      'CONFIRMATIONS_BSC must be a whole number from 1 to 10000 (got "many")',
      'RPC_URL_POLYGON must be an http(s):// or ws(s):// URL',
      'WALLET_MNEMONIC must be a BIP-39 mnemonic: 12 to 24 English words with a valid checksum',
      'SEND_STUCK_BLOCKS must be a whole number of blocks from 1 to 100000 (got "0")',
      'SWEEP_MIN_ETH must be an amount of ETH above 0, as a decimal number (for example 0.005) (got "1e-3")',
      'SWEEP_MIN_USDT must be an amount of USDT above 0, as a decimal number (for example 10) (got "0")',
      'RECONCILE_INTERVAL_MS must be a whole number of milliseconds from 1000 to 86400000 (got "10")',
    ]);
    expect(problems.join('\n')).not.toContain('secret-key');
    expect(problems.join('\n')).not.toContain('abandon');
  });

  it('read the EVM chains’ start blocks, test network chain ids and token contracts', () => {
    const chains = loadConfig(
      {
        START_BLOCK_ETH: '19000000',
        START_BLOCK_POLYGON: '0',
        CHAIN_ID_ETH: '31337',
        CHAIN_ID_BSC: '97',
        TOKEN_USDT_ETH: '0x5fbdb2315678afecb367f032d93f642f64180aa3',
        TOKEN_USDC_POLYGON: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
      },
      paths,
    ).chains;
    expect(chains.startBlocks).toEqual({ ETH: 19000000, BSC: undefined, POLYGON: 0 });
    expect(chains.evmChainIds).toEqual({ ETH: 31337, BSC: 97, POLYGON: 137 });
    // Checksummed, whatever case was given.
    expect(chains.tokenContracts).toEqual({
      USDT_ETH: '0x5FbDB2315678afecb367f032d93F642f64180aa3',
      USDC_POLYGON: '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
    });
  });

  it('refuse a bad start block, token contract or chain id, and another network’s chain id, one line each', () => {
    expect(
      problemsOf({
        START_BLOCK_BSC: '-1',
        TOKEN_USDT_ETH: '0xdAC17F958D2ee523a2206206994597C13D831ec8',
        TOKEN_USDC_BSC: 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t',
        CHAIN_ID_POLYGON: 'amoy',
        CHAIN_ID_ETH: '56',
        CHAIN_ID_BSC: '1',
      }),
    ).toEqual([
      'START_BLOCK_BSC must be a block height (a whole number from 0) (got "-1")',
      'CHAIN_ID_POLYGON must be the chain id of a test network the POLYGON node runs (31337 for anvil), never 1 (ETH) or 56 (BSC); leave it unset for the real network (137) (got "amoy")',
      'TOKEN_USDT_ETH must be a token contract address: 0x and 40 hex digits (a mixed-case one with its EIP-55 checksum) (got "0xdAC17F958D2ee523a2206206994597C13D831ec8")',
      'TOKEN_USDC_BSC must be a token contract address: 0x and 40 hex digits (a mixed-case one with its EIP-55 checksum) (got "TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t")',
      'CHAIN_ID_ETH must be the chain id of a test network the ETH node runs (31337 for anvil), never 56 (BSC) or 137 (POLYGON); leave it unset for the real network (1) (got "56")',
      'CHAIN_ID_BSC must be the chain id of a test network the BSC node runs (31337 for anvil), never 1 (ETH) or 137 (POLYGON); leave it unset for the real network (56) (got "1")',
    ]);
    // A chain's own id is allowed (the same as unset).
    expect(loadConfig({ CHAIN_ID_ETH: '1' }, paths).chains.evmChainIds.ETH).toBe(1);
  });

  it('read DOGE_NETWORK (mainnet by default) and START_BLOCK_DOGE, refusing anything else with one line', () => {
    expect(loadConfig({}, paths).chains.dogeNetwork).toBe('mainnet');
    const chains = loadConfig(
      { CHAIN_MODE: 'live', WALLET_MNEMONIC: MNEMONIC, DOGE_NETWORK: 'regtest', START_BLOCK_DOGE: '5100000' },
      paths,
    ).chains;
    expect(chains.dogeNetwork).toBe('regtest');
    expect(chains.startBlocks.DOGE).toBe(5100000);
    expect(chains.confirmations.DOGE).toBe(LIVE_CONFIRMATIONS.DOGE);
    expect(loadConfig({ DOGE_NETWORK: 'testnet' }, paths).chains.dogeNetwork).toBe('testnet');
    expect(problemsOf({ DOGE_NETWORK: 'main', START_BLOCK_DOGE: '1.5' })).toEqual([
      'START_BLOCK_DOGE must be a block height (a whole number from 0) (got "1.5")',
      'DOGE_NETWORK must be mainnet, testnet or regtest (got "main")',
    ]);
    expect(problemsOf({ DOGE_NETWORK: 'Mainnet' })).toEqual([
      'DOGE_NETWORK must be mainnet, testnet or regtest (got "Mainnet")',
    ]);
  });
});
