import type { RuntimeConfig } from '@tollgate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { CHAIN_IDS, type ChainAdapter, type ChainId } from './chain-adapter';
import type { ChainMode, ChainSettings } from './chain-config';
import {
  type BlockProducer,
  createBlockProducer,
  type DevnetReorg,
  ensureGenesisBlocks,
  type ProducedBlock,
  reorgDevnetBlocks,
} from './devnet/block-producer';
import { createDevnetAdapter } from './devnet/devnet-adapter';
import { type DevnetTransferInput, type DevnetTransferRow, devnetTransfer } from './devnet/devnet-transfer';
import type { HdWallet } from './hd-wallet';

/**
 * `app.chains`: the adapter of each enabled chain, for everything above the chains. One mode
 * for the whole server, never mixed: on devnet every chain is simulated in the database; live,
 * each chain needs its node (RPC_URL_<CHAIN>) and a live adapter. The live adapters come in a
 * later issue, so in live mode every chain is disabled for now, each with the reason; there is
 * no fallback to devnet, and no devnet control exists.
 */
export interface ChainStatus {
  chainId: ChainId;
  enabled: boolean;
  confirmations: number;
  /** Why a chain is disabled, as one line for the start banner. */
  reason?: string;
}

export interface DevnetControl {
  /** One block on every chain now, including every pending transfer (tests, instead of the timer). */
  produceBlock(): Promise<ProducedBlock[]>;
  /** devnetTransfer on this server's database. */
  transfer(input: DevnetTransferInput): Promise<DevnetTransferRow>;
  /**
   * Replaces the chain's last `depth` blocks with new ones (new hashes, same heights): their
   * transfers go back to pending and are mined in the next block, or with `drop` are gone.
   */
  reorg(chainId: ChainId, depth: number, options?: { drop?: boolean }): Promise<DevnetReorg>;
}

export interface ChainRegistry {
  readonly mode: ChainMode;
  /** The adapter of an enabled chain; undefined for a disabled or unknown one. */
  get(chainId: string): ChainAdapter | undefined;
  /** Every enabled chain's adapter, in CHAIN_IDS order. */
  enabled(): ChainAdapter[];
  /** Every chain, enabled or not, with its confirmations (GET /front/config/runtime, the start lines). */
  statuses(): ChainStatus[];
  /** Devnet mode only; null in live mode, so no simulation can run there. */
  readonly devnet: DevnetControl | null;
  /** The block producer's timer: started when the app is ready, stopped before the database closes. */
  start(): void;
  stop(): Promise<void>;
}

export async function createChainRegistry(deps: {
  db: Database;
  settings: ChainSettings;
  wallet: HdWallet;
  log: FastifyBaseLogger;
  /** The app's clock: devnet blocks are timed by it (lateness is judged by a block's time). */
  now?: () => Date;
}): Promise<ChainRegistry> {
  const { db, settings, wallet, log, now } = deps;
  const adapters = new Map<ChainId, ChainAdapter>();
  const statuses: ChainStatus[] = [];
  let producer: BlockProducer | null = null;

  if (settings.mode === 'devnet') {
    await ensureGenesisBlocks(db, now);
    for (const chainId of CHAIN_IDS) {
      const confirmations = settings.confirmations[chainId];
      adapters.set(chainId, createDevnetAdapter({ db, chainId, wallet, confirmations }));
      statuses.push({ chainId, enabled: true, confirmations });
    }
    producer = createBlockProducer({ db, intervalMs: settings.devnetBlockMs, log, ...(now ? { now } : {}) });
  } else {
    for (const chainId of CHAIN_IDS) {
      const reason =
        settings.rpcUrls[chainId] === undefined
          ? `Chain ${chainId} is disabled: RPC_URL_${chainId} is not set (CHAIN_MODE=live).`
          : `Chain ${chainId} is disabled: this version has no live ${chainId} adapter yet (RPC_URL_${chainId} is set, but live nodes come in a later version; devnet is never used in live mode).`;
      statuses.push({ chainId, enabled: false, confirmations: settings.confirmations[chainId], reason });
    }
  }

  const blockProducer = producer;
  return {
    mode: settings.mode,
    get: (chainId) => adapters.get(chainId as ChainId),
    enabled: () => [...adapters.values()],
    statuses: () => statuses.map((status) => ({ ...status })),
    devnet: blockProducer
      ? {
          produceBlock: () => blockProducer.produceBlock(),
          transfer: (input) => devnetTransfer(db, input),
          reorg: (chainId, depth, options) => reorgDevnetBlocks(db, chainId, depth, options),
        }
      : null,
    start: () => blockProducer?.start(),
    stop: async () => {
      await blockProducer?.stop();
    },
  };
}

/** The start banner's lines about the chains (server.ts prints them under the URL). */
export function describeChains(registry: Pick<ChainRegistry, 'mode' | 'statuses'>): string[] {
  if (registry.mode === 'devnet') {
    return ['Chains: DEVNET (CHAIN_MODE=devnet): payments are simulated, no real money moves.'];
  }
  const statuses = registry.statuses();
  const lines = statuses.flatMap((status) => (status.reason ? [status.reason] : []));
  const enabled = statuses.filter((status) => status.enabled).map((status) => status.chainId);
  return [
    `Chains: LIVE (CHAIN_MODE=live); enabled: ${enabled.length > 0 ? enabled.join(', ') : 'none'}.`,
    ...lines,
  ];
}

/** GET /front/config/runtime: what the web app shows (the devnet banner) and may offer. */
export function runtimeConfigOf(registry: Pick<ChainRegistry, 'mode' | 'statuses'>): RuntimeConfig {
  return {
    chainMode: registry.mode,
    chains: registry
      .statuses()
      .map(({ chainId, enabled, confirmations }) => ({ chainId, enabled, confirmations })),
  };
}
