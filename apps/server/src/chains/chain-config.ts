import { z } from 'zod';
import { CHAIN_IDS, type ChainId } from './chain-adapter';
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
 */
export type ChainMode = 'devnet' | 'live';

export interface ChainSettings {
  mode: ChainMode;
  devnetBlockMs: number;
  confirmations: Record<ChainId, number>;
  rpcUrls: Record<ChainId, string | undefined>;
  /** Normalized (single spaces, lower case); undefined when unset. */
  walletMnemonic: string | undefined;
  /** Blocks a send may wait unmined after its last signing before it is replaced (a higher fee). */
  sendStuckBlocks: number;
}

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

const perChain = <P extends string, T extends z.ZodType>(prefix: P, schema: T) =>
  Object.fromEntries(CHAIN_IDS.map((id) => [`${prefix}${id}`, schema.optional()])) as Record<
    `${P}${ChainId}`,
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
  WALLET_MNEMONIC: {
    rule: 'must be a BIP-39 mnemonic: 12 to 24 English words with a valid checksum',
    secret: true,
    explain: (value) => (value === '' ? WALLET_MNEMONIC_REQUIRED : undefined),
  },
  SEND_STUCK_BLOCKS: { rule: 'must be a whole number of blocks from 1 to 100000' },
};

/** The cross-variable rule, for config.ts's superRefine: live mode needs the mnemonic. */
export function missingChainSettings(env: ChainEnv): ChainEnvName[] {
  return env.CHAIN_MODE === 'live' && env.WALLET_MNEMONIC === undefined ? ['WALLET_MNEMONIC'] : [];
}

export function chainSettings(env: ChainEnv): ChainSettings {
  const mode = env.CHAIN_MODE ?? 'devnet';
  const byChain = <T>(pick: (id: ChainId) => T) =>
    Object.fromEntries(CHAIN_IDS.map((id) => [id, pick(id)])) as Record<ChainId, T>;
  return {
    mode,
    devnetBlockMs: env.DEVNET_BLOCK_MS ?? DEFAULT_DEVNET_BLOCK_MS,
    confirmations: byChain(
      (id) => env[`CONFIRMATIONS_${id}`] ?? (mode === 'live' ? LIVE_CONFIRMATIONS[id] : DEVNET_CONFIRMATIONS),
    ),
    rpcUrls: byChain((id) => env[`RPC_URL_${id}`]),
    walletMnemonic: env.WALLET_MNEMONIC === undefined ? undefined : normalizeMnemonic(env.WALLET_MNEMONIC),
    sendStuckBlocks: env.SEND_STUCK_BLOCKS ?? DEFAULT_SEND_STUCK_BLOCKS,
  };
}
