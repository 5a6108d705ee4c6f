import type { RuntimeConfig } from '@tollgate/contracts';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client';
import { coins } from '../db/schema';
import { StartupError } from '../lib/startup-error';
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
import { createDogeAdapter, createDogeReader } from './doge/doge-adapter';
import { DOGE_NETWORKS } from './doge/doge-network';
import { knownOutputsOf } from './doge/doge-outputs';
import { createDogeSender } from './doge/doge-sender';
import { ChainIdMismatchError, createEvmAdapter, type EvmAdapter, type EvmCoin } from './evm/evm-adapter';
import { EVM_MAINNET_IDS, type EvmChainId, isEvmChain, KNOWN_EVM_NETWORKS } from './evm/evm-chains';
import type { HdWallet } from './hd-wallet';
import type { Signer } from './signer';

/**
 * `app.chains`: the adapter of each enabled chain, for everything above the chains. One mode
 * for the whole server, never mixed: on devnet every chain is simulated in the database; live,
 * each chain needs its node (RPC_URL_<CHAIN>) and a live adapter. Live adapters exist for the EVM
 * chains (ETH, BSC, POLYGON: chains/evm) and DOGE (chains/doge); TRON stays disabled, with the
 * reason. There is no fallback to devnet, and no devnet control exists in live mode.
 *
 * At start each live EVM node is asked its chain id: another chain's (a BNB Chain URL given as
 * Ethereum's) refuses to start. The DOGE node is asked its chain (getblockchaininfo), which must
 * be DOGE_NETWORK's. A node that does not answer then leaves its chain enabled and degraded: its
 * adapter checks the node on its first answer and refuses every call on a mismatch.
 */
export interface ChainStatus {
  chainId: ChainId;
  enabled: boolean;
  confirmations: number;
  /** Why a chain is disabled, as one line for the start banner. */
  reason?: string;
  /** Why, for the operator console (which says it in the operator's language). */
  disabledBy?: 'no_rpc_url' | 'no_adapter';
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
  /** Live mode: signs the live chains' transactions. */
  signer?: Signer;
}): Promise<ChainRegistry> {
  const { db, settings, wallet, log, now, signer } = deps;
  const adapters = new Map<ChainId, ChainAdapter>();
  const liveAdapters: { close(): Promise<void> }[] = [];
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
    const coinRows = await db.select().from(coins);
    for (const chainId of CHAIN_IDS) {
      const confirmations = settings.confirmations[chainId];
      const rpcUrl = settings.rpcUrls[chainId];
      const disabled = (reason: string) =>
        statuses.push({
          chainId,
          enabled: false,
          confirmations,
          reason,
          disabledBy: rpcUrl === undefined ? 'no_rpc_url' : 'no_adapter',
        });
      if (rpcUrl === undefined) {
        disabled(`Chain ${chainId} is disabled: RPC_URL_${chainId} is not set (CHAIN_MODE=live).`);
        continue;
      }
      if (chainId === 'DOGE' && signer) {
        const network = DOGE_NETWORKS[settings.dogeNetwork];
        const startBlock = settings.startBlocks.DOGE;
        const reader = createDogeReader({
          chainId,
          rpcUrl,
          network,
          confirmations,
          wallet,
          ...(startBlock === undefined ? {} : { startBlock }),
          outputsOf: (address) => knownOutputsOf(db, chainId, address),
        });
        try {
          await reader.checkNode();
        } catch (error) {
          // Another network's node (or one without -txindex): refused, with one line.
          if (error instanceof StartupError) {
            await Promise.all([...liveAdapters, reader].map((open) => open.close()));
            throw error;
          }
          log.warn(
            `Chain ${chainId}: the node at RPC_URL_${chainId} did not answer at start; the chain waits for it (its network is checked on its first answer).`,
          );
        }
        if (network.name !== 'mainnet') {
          log.warn(`Chain ${chainId} runs on a test network: Dogecoin ${network.name}, set by DOGE_NETWORK.`);
        }
        // The sender asks the node through the reader's connection: checked before its first answer.
        const adapter = createDogeAdapter(
          reader,
          createDogeSender({ rpc: reader.rpc, network, wallet, signer }),
        );
        adapters.set(chainId, adapter);
        liveAdapters.push(adapter);
        statuses.push({ chainId, enabled: true, confirmations });
        continue;
      }
      if (!isEvmChain(chainId) || !signer) {
        disabled(
          `Chain ${chainId} is disabled: this version has no live ${chainId} adapter yet (RPC_URL_${chainId} is set, but live nodes come in a later version; devnet is never used in live mode).`,
        );
        continue;
      }
      const expectedChainId = settings.evmChainIds[chainId];
      const adapter = createEvmAdapter({
        chainId,
        rpcUrl,
        expectedChainId,
        coins: evmCoinsOf(coinRows, chainId, settings.tokenContracts),
        confirmations,
        wallet,
        signer,
        ...(settings.startBlocks[chainId] === undefined ? {} : { startBlock: settings.startBlocks[chainId] }),
      });
      try {
        await adapter.checkNode();
        await checkTokenOverrides(adapter, chainId, settings.tokenContracts, coinRows);
      } catch (error) {
        if (error instanceof ChainIdMismatchError || error instanceof StartupError) {
          await Promise.all([...liveAdapters, adapter].map((open) => open.close()));
          throw error instanceof StartupError ? error : new StartupError(error.message);
        }
        // The URL may hold an API key: the line names the variable, never its value.
        log.warn(
          `Chain ${chainId}: the node at RPC_URL_${chainId} did not answer at start; the chain waits for it (its chain id is checked on its first answer).`,
        );
      }
      if (expectedChainId !== EVM_MAINNET_IDS[chainId]) {
        const name = KNOWN_EVM_NETWORKS[expectedChainId];
        log.warn(
          `Chain ${chainId} runs on a test network: chain id ${expectedChainId}${name ? ` (${name})` : ''}, set by CHAIN_ID_${chainId}.`,
        );
      }
      adapters.set(chainId, adapter);
      liveAdapters.push(adapter);
      statuses.push({ chainId, enabled: true, confirmations });
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
      await Promise.all(liveAdapters.map((adapter) => adapter.close()));
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

/**
 * A TOKEN_<COIN>_<CHAIN> contract must be a token with the coins table's decimals: amounts are
 * converted with those, so a 6-decimals token given for BNB Chain's 18-decimals USDT would
 * credit a payment a trillion times too small.
 */
async function checkTokenOverrides(
  adapter: EvmAdapter,
  chainId: EvmChainId,
  overrides: Partial<Record<string, string>>,
  coinRows: readonly (typeof coins.$inferSelect)[],
): Promise<void> {
  for (const row of coinRows) {
    const contract = overrides[`${row.coinName}_${chainId}`];
    if (row.chainId !== chainId || row.isNative || contract === undefined) continue;
    const decimals = await adapter.tokenDecimals(row.coinName);
    if (decimals === row.decimals) continue;
    const variable = `TOKEN_${row.coinName}_${chainId}`;
    throw new StartupError(
      decimals === null
        ? `${variable} (${contract}) is not a token on the ${chainId} node: it answers no decimals().`
        : `${variable} (${contract}) has ${decimals} decimals, but ${row.coinName} on ${chainId} has ${row.decimals}: amounts would be converted wrong.`,
    );
  }
}

/**
 * The coins an EVM chain carries, from the coins table: its native coin and its tokens, with
 * TOKEN_<COIN>_<CHAIN> replacing a token's contract (a local node's test token).
 */
export function evmCoinsOf(
  rows: readonly (typeof coins.$inferSelect)[],
  chainId: EvmChainId,
  overrides: Partial<Record<string, string>>,
): EvmCoin[] {
  return rows
    .filter((row) => row.chainId === chainId)
    .flatMap((row): EvmCoin[] => {
      if (row.isNative) return [{ coinName: row.coinName, decimals: row.decimals, contract: null }];
      const contract = overrides[`${row.coinName}_${chainId}`] ?? row.contractAddress;
      return contract ? [{ coinName: row.coinName, decimals: row.decimals, contract }] : [];
    });
}
