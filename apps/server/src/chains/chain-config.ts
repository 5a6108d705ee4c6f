import { z } from 'zod';
import { isValidAddress, normalizeAddress } from './addresses';
import { CHAIN_IDS, type ChainId } from './chain-adapter';
import { DOGE_NETWORK_NAMES, type DogeNetworkName } from './doge/doge-network';
import {
  EVM_CHAIN_IDS,
  EVM_MAINNET_IDS,
  EVM_TOKEN_COINS,
  type EvmChainId,
  type EvmTokenCoin,
} from './evm/evm-chains';
import { isValidMnemonic, normalizeMnemonic } from './mnemonic';

/**
 * The chain settings of config.ts, kept here with the code that reads them:
 * - CHAIN_MODE: devnet (the default: every chain simulated in the database) or live (real nodes).
 * - DEVNET_BLOCK_MS: the devnet block interval (default 3000).
 * - CONFIRMATIONS_<CHAIN>: confirmations before a transfer is credited; 3 on devnet, the
 *   LIVE_CONFIRMATIONS below in live mode.
 * - RPC_URL_<CHAIN>: a live chain's node; a chain without one is disabled in live mode.
 * - WALLET_MNEMONIC: the HD wallet's BIP-39 mnemonic; required in live mode, generated and
 *   sealed in the database on devnet when unset (chains/wallet-seed).
 * - SEND_STUCK_BLOCKS: a send not mined within this many blocks of its last signing is signed
 *   again at the same nonce with a higher fee (modules/chain-sends); default 12.
 * Live chains (ETH, BSC, POLYGON, DOGE):
 * - START_BLOCK_<CHAIN>: the height scanning begins at on the first start (default: the head
 *   then); read once, when the chain has no cursor yet.
 * DOGE, live mode only:
 * - DOGE_NETWORK: mainnet (the default), testnet or regtest: the address and WIF prefixes
 *   (Dogecoin Core's chain parameters). The start refuses a node whose getblockchaininfo names
 *   another chain.
 * EVM chains (ETH, BSC, POLYGON), live mode only:
 * - TOKEN_<COIN>_<CHAIN> (USDT, USDC): the token contract, replacing the coins table's (a local
 *   node's test token).
 * - CHAIN_ID_<CHAIN>: the chain id the node must report. Unset: the network's own (ETH 1, BSC 56,
 *   POLYGON 137). Set, it names a test network (anvil's 31337, Sepolia's 11155111 …); it may
 *   never be another of the three networks' ids, so no mainnet node can stand in for another.
 *   The start checks the node's id against it and refuses a mismatch.
 */
export type ChainMode = 'devnet' | 'live';

/** The chains with a live adapter, each of which takes a START_BLOCK_<CHAIN>. */
export const START_BLOCK_CHAIN_IDS = [...EVM_CHAIN_IDS, 'DOGE'] as const;
export type StartBlockChainId = (typeof START_BLOCK_CHAIN_IDS)[number];

export interface ChainSettings {
  mode: ChainMode;
  devnetBlockMs: number;
  confirmations: Record<ChainId, number>;
  rpcUrls: Record<ChainId, string | undefined>;
  /** Normalized (single spaces, lower case); undefined when unset. */
  walletMnemonic: string | undefined;
  /** Blocks a send may wait unmined after its last signing before it is replaced (a higher fee). */
  sendStuckBlocks: number;
  /** START_BLOCK_<CHAIN>: where the first scan begins; undefined: the head at the first start. */
  startBlocks: Record<StartBlockChainId, number | undefined>;
  /** DOGE_NETWORK: the Dogecoin network the DOGE node runs (its address and WIF prefixes). */
  dogeNetwork: DogeNetworkName;
  /** The chain id each EVM node must report: CHAIN_ID_<CHAIN>, else the network's own. */
  evmChainIds: Record<EvmChainId, number>;
  /** TOKEN_<COIN>_<CHAIN> overrides, checksummed, keyed `<COIN>_<CHAIN>` (only those set). */
  tokenContracts: Partial<Record<`${EvmTokenCoin}_${EvmChainId}`, string>>;
  /** SWEEP_MIN_<COIN>: what an address must hold of a coin before it is swept (decimal strings). */
  sweepMinimums: Record<SweepCoin, string>;
  /** SWEEP_INTERVAL_MS: how often a chain's sweeps are planned. */
  sweepIntervalMs: number;
  /** RECONCILE_INTERVAL_MS: how often a live chain's books are compared with it (chain:reconcile). */
  reconcileIntervalMs: number;
}

/**
 * Sweep thresholds (modules/sweeps): below them, coin stays where it is (dust). Defaults a small
 * shop would pick, a few dollars' worth each (docs/decisions/2026-12-07-sweeps.md).
 */
export const SWEEP_COINS = ['ETH', 'BNB', 'POL', 'TRX', 'DOGE', 'USDT', 'USDC'] as const;
export type SweepCoin = (typeof SWEEP_COINS)[number];
export const DEFAULT_SWEEP_MINIMUMS: Record<SweepCoin, string> = {
  ETH: '0.005',
  BNB: '0.01',
  POL: '10',
  TRX: '30',
  DOGE: '50',
  USDT: '10',
  USDC: '10',
};
export const DEFAULT_SWEEP_INTERVAL_MS = 10 * 60_000;
export const DEFAULT_RECONCILE_INTERVAL_MS = 10 * 60_000;

export const DEVNET_CONFIRMATIONS = 3;
/**
 * Live defaults: Ethereum's customary 12; Tron 19, when a block is solidified (confirmed by
 * 2/3 + 1 of its 27 super representatives); BNB Chain 15; Polygon 128, as reorganizations of
 * dozens of blocks have happened there; Dogecoin 6, the wallets' "confirmed".
 */
export const LIVE_CONFIRMATIONS: Record<ChainId, number> = {
  ETH: 12,
  TRON: 19,
  BSC: 15,
  POLYGON: 128,
  DOGE: 6,
};
export const DEFAULT_DEVNET_BLOCK_MS = 3000;
/** About 2.5 minutes on Ethereum, 36 s on BNB Chain: long enough for a fair fee to be mined. */
export const DEFAULT_SEND_STUCK_BLOCKS = 12;

const count = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max);
const nodeUrl = z.string().refine((value) => {
  try {
    return ['http:', 'https:', 'ws:', 'wss:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
});

const evmAddress = z
  .string()
  .regex(/^0x[0-9a-fA-F]{40}$/)
  .refine((value) => isValidAddress('evm', value));
const blockHeight = z
  .string()
  .regex(/^\d{1,12}$/)
  .transform(Number);
/** A test network's chain id: a positive whole number (EIP-155), not one of the three mainnets'. */
/** A positive decimal amount, kept as its string (never a JS number). */
const sweepMinimum = z
  .string()
  .regex(/^\d{1,20}(\.\d{1,18})?$/)
  .refine((value) => /[1-9]/.test(value));
const testChainId = z
  .string()
  .regex(/^\d{1,15}$/)
  .transform(Number)
  .refine((n) => n >= 1);

const perChain = <P extends string, T extends z.ZodType>(prefix: P, schema: T) =>
  Object.fromEntries(CHAIN_IDS.map((id) => [`${prefix}${id}`, schema.optional()])) as Record<
    `${P}${ChainId}`,
    z.ZodOptional<T>
  >;
const perStartBlockChain = <P extends string, T extends z.ZodType>(prefix: P, schema: T) =>
  Object.fromEntries(START_BLOCK_CHAIN_IDS.map((id) => [`${prefix}${id}`, schema.optional()])) as Record<
    `${P}${StartBlockChainId}`,
    z.ZodOptional<T>
  >;
const perEvmChain = <P extends string, T extends z.ZodType>(prefix: P, schema: T) =>
  Object.fromEntries(EVM_CHAIN_IDS.map((id) => [`${prefix}${id}`, schema.optional()])) as Record<
    `${P}${EvmChainId}`,
    z.ZodOptional<T>
  >;
const TOKEN_KEYS = EVM_TOKEN_COINS.flatMap((coin) => EVM_CHAIN_IDS.map((id) => `${coin}_${id}` as const));
const tokenVariables = <T extends z.ZodType>(schema: T) =>
  Object.fromEntries(TOKEN_KEYS.map((key) => [`TOKEN_${key}`, schema.optional()])) as Record<
    `TOKEN_${(typeof TOKEN_KEYS)[number]}`,
    z.ZodOptional<T>
  >;

/** Merged into config.ts's environment schema. */
export const CHAIN_ENV = {
  CHAIN_MODE: z.enum(['devnet', 'live']).optional(),
  DEVNET_BLOCK_MS: count(10, 3_600_000).optional(),
  ...perChain('CONFIRMATIONS_', count(1, 10_000)),
  ...perChain('RPC_URL_', nodeUrl),
  WALLET_MNEMONIC: z.string().refine(isValidMnemonic).optional(),
  SEND_STUCK_BLOCKS: count(1, 100_000).optional(),
  ...(Object.fromEntries(SWEEP_COINS.map((coin) => [`SWEEP_MIN_${coin}`, sweepMinimum.optional()])) as Record<
    `SWEEP_MIN_${SweepCoin}`,
    z.ZodOptional<typeof sweepMinimum>
  >),
  SWEEP_INTERVAL_MS: count(1000, 86_400_000).optional(),
  RECONCILE_INTERVAL_MS: count(1000, 86_400_000).optional(),
  ...perStartBlockChain('START_BLOCK_', blockHeight),
  DOGE_NETWORK: z.enum(DOGE_NETWORK_NAMES).optional(),
  ...perEvmChain('CHAIN_ID_', testChainId),
  ...tokenVariables(evmAddress),
};
type ChainEnvName = keyof typeof CHAIN_ENV;
type ChainEnv = { [K in ChainEnvName]?: z.output<(typeof CHAIN_ENV)[K]> };

export const WALLET_MNEMONIC_REQUIRED =
  'WALLET_MNEMONIC is required when CHAIN_MODE=live: set it to the wallet’s BIP-39 mnemonic (12 to 24 words). Only devnet generates one itself.';

/** Merged into config.ts's RULES: what each variable must be. */
export const CHAIN_RULES: Record<
  ChainEnvName,
  { rule: string; secret?: boolean; explain?: (value: string) => string | undefined }
> = {
  CHAIN_MODE: { rule: 'must be devnet or live' },
  DEVNET_BLOCK_MS: { rule: 'must be a whole number of milliseconds from 10 to 3600000' },
  ...(Object.fromEntries(
    CHAIN_IDS.flatMap((id) => [
      [`CONFIRMATIONS_${id}`, { rule: 'must be a whole number from 1 to 10000' }],
      // Node URLs often carry an API key: never echoed.
      [`RPC_URL_${id}`, { rule: 'must be an http(s):// or ws(s):// URL', secret: true }],
    ]),
  ) as Record<`CONFIRMATIONS_${ChainId}` | `RPC_URL_${ChainId}`, { rule: string; secret?: boolean }>),
  ...(Object.fromEntries(
    START_BLOCK_CHAIN_IDS.map((id) => [
      `START_BLOCK_${id}`,
      { rule: 'must be a block height (a whole number from 0)' },
    ]),
  ) as Record<`START_BLOCK_${StartBlockChainId}`, { rule: string }>),
  DOGE_NETWORK: {
    rule: `must be ${DOGE_NETWORK_NAMES.slice(0, -1).join(', ')} or ${DOGE_NETWORK_NAMES.at(-1)}`,
  },
  ...(Object.fromEntries(EVM_CHAIN_IDS.map((id) => [`CHAIN_ID_${id}`, { rule: chainIdRule(id) }])) as Record<
    `CHAIN_ID_${EvmChainId}`,
    { rule: string }
  >),
  ...(Object.fromEntries(
    TOKEN_KEYS.map((key) => [
      `TOKEN_${key}`,
      {
        rule: 'must be a token contract address: 0x and 40 hex digits (a mixed-case one with its EIP-55 checksum)',
      },
    ]),
  ) as Record<`TOKEN_${(typeof TOKEN_KEYS)[number]}`, { rule: string }>),
  WALLET_MNEMONIC: {
    rule: 'must be a BIP-39 mnemonic: 12 to 24 English words with a valid checksum',
    secret: true,
    explain: (value) => (value === '' ? WALLET_MNEMONIC_REQUIRED : undefined),
  },
  SEND_STUCK_BLOCKS: { rule: 'must be a whole number of blocks from 1 to 100000' },
  ...(Object.fromEntries(
    SWEEP_COINS.map((coin) => [
      `SWEEP_MIN_${coin}`,
      {
        rule: `must be an amount of ${coin} above 0, as a decimal number (for example ${DEFAULT_SWEEP_MINIMUMS[coin]})`,
      },
    ]),
  ) as Record<`SWEEP_MIN_${SweepCoin}`, { rule: string }>),
  SWEEP_INTERVAL_MS: { rule: 'must be a whole number of milliseconds from 1000 to 86400000' },
  RECONCILE_INTERVAL_MS: { rule: 'must be a whole number of milliseconds from 1000 to 86400000' },
};

function chainIdRule(id: EvmChainId): string {
  const others = EVM_CHAIN_IDS.filter((other) => other !== id)
    .map((other) => `${EVM_MAINNET_IDS[other]} (${other})`)
    .join(' or ');
  return `must be the chain id of a test network the ${id} node runs (31337 for anvil), never ${others}; leave it unset for the real network (${EVM_MAINNET_IDS[id]})`;
}

/**
 * The cross-variable rules, for config.ts's superRefine: live mode needs the mnemonic; a
 * CHAIN_ID_<CHAIN> may not be another of the three networks' own ids.
 */
export function missingChainSettings(env: ChainEnv): ChainEnvName[] {
  const problems: ChainEnvName[] = [];
  if (env.CHAIN_MODE === 'live' && env.WALLET_MNEMONIC === undefined) problems.push('WALLET_MNEMONIC');
  for (const id of EVM_CHAIN_IDS) {
    const value = env[`CHAIN_ID_${id}`];
    if (value === undefined) continue;
    if (EVM_CHAIN_IDS.some((other) => other !== id && EVM_MAINNET_IDS[other] === value)) {
      problems.push(`CHAIN_ID_${id}`);
    }
  }
  return problems;
}

export function chainSettings(env: ChainEnv): ChainSettings {
  const mode = env.CHAIN_MODE ?? 'devnet';
  const byChain = <T>(pick: (id: ChainId) => T) =>
    Object.fromEntries(CHAIN_IDS.map((id) => [id, pick(id)])) as Record<ChainId, T>;
  const byEvmChain = <T>(pick: (id: EvmChainId) => T) =>
    Object.fromEntries(EVM_CHAIN_IDS.map((id) => [id, pick(id)])) as Record<EvmChainId, T>;
  return {
    mode,
    devnetBlockMs: env.DEVNET_BLOCK_MS ?? DEFAULT_DEVNET_BLOCK_MS,
    confirmations: byChain(
      (id) => env[`CONFIRMATIONS_${id}`] ?? (mode === 'live' ? LIVE_CONFIRMATIONS[id] : DEVNET_CONFIRMATIONS),
    ),
    rpcUrls: byChain((id) => env[`RPC_URL_${id}`]),
    walletMnemonic: env.WALLET_MNEMONIC === undefined ? undefined : normalizeMnemonic(env.WALLET_MNEMONIC),
    sendStuckBlocks: env.SEND_STUCK_BLOCKS ?? DEFAULT_SEND_STUCK_BLOCKS,
    sweepMinimums: Object.fromEntries(
      SWEEP_COINS.map((coin) => [coin, env[`SWEEP_MIN_${coin}`] ?? DEFAULT_SWEEP_MINIMUMS[coin]]),
    ) as Record<SweepCoin, string>,
    sweepIntervalMs: env.SWEEP_INTERVAL_MS ?? DEFAULT_SWEEP_INTERVAL_MS,
    reconcileIntervalMs: env.RECONCILE_INTERVAL_MS ?? DEFAULT_RECONCILE_INTERVAL_MS,
    startBlocks: Object.fromEntries(
      START_BLOCK_CHAIN_IDS.map((id) => [id, env[`START_BLOCK_${id}`]]),
    ) as Record<StartBlockChainId, number | undefined>,
    dogeNetwork: env.DOGE_NETWORK ?? 'mainnet',
    evmChainIds: byEvmChain((id) => env[`CHAIN_ID_${id}`] ?? EVM_MAINNET_IDS[id]),
    tokenContracts: Object.fromEntries(
      TOKEN_KEYS.flatMap((key) => {
        const value = env[`TOKEN_${key}`];
        return value === undefined ? [] : [[key, normalizeAddress('evm', value)]];
      }),
    ),
  };
}
