import { eq, sql } from 'drizzle-orm';
import { CHAIN_IDS, type ChainAdapter } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { perDatabase, preparedPerDatabase } from '../../db/prepared';
import { coins } from '../../db/schema';

/**
 * What the order service needs of the chain registry (app.chains): the mode (devnet orders are
 * test orders) and the adapter of an enabled chain. Declared here as a structural subset so the
 * service and its tests depend on nothing more; `get` may return undefined or throw for a chain
 * that is unknown or disabled, both mean "not available".
 */
export interface OrderChains {
  readonly mode: 'devnet' | 'live';
  get(chainId: string): ChainAdapter | undefined;
}

export function enabledAdapter(chains: OrderChains, chainId: string): ChainAdapter | undefined {
  try {
    return chains.get(chainId) ?? undefined;
  } catch {
    return undefined;
  }
}

const coinNetworksQuery = preparedPerDatabase((db) =>
  db
    .select({ chainId: coins.chainId, decimals: coins.decimals })
    .from(coins)
    .where(eq(coins.coinName, sql.placeholder('currency')))
    .prepare('coin_networks'),
);

export interface PayableNetwork {
  chainId: string;
  decimals: number;
  adapter: ChainAdapter;
}

/**
 * Coin rows are reference data (written by migrations and the seed, never by the app), so a
 * process keeps a currency's rows for COIN_ROWS_LIFE_MS: every order (and every cashier read)
 * read them before. Whether a chain is enabled is not cached: the registry answers that each time.
 */
const COIN_ROWS_LIFE_MS = 10_000;
const coinRowsCache = perDatabase(
  () => new Map<string, { until: number; rows: Promise<{ chainId: string; decimals: number }[]> }>(),
);

function coinRows(db: Executor, currency: string) {
  const cache = coinRowsCache(db);
  const now = performance.now();
  const cached = cache.get(currency);
  if (cached && cached.until > now) return cached.rows;
  const rows = coinNetworksQuery(db).execute({ currency });
  cache.set(currency, { until: now + COIN_ROWS_LIFE_MS, rows });
  // A failed read is not kept.
  rows.catch(() => {
    if (cache.get(currency)?.rows === rows) cache.delete(currency);
  });
  return rows;
}

/** The networks on which `currency` can be paid now: coin rows on enabled chains, with their decimals. */
export async function payableNetworks(
  db: Executor,
  chains: OrderChains,
  currency: string,
): Promise<PayableNetwork[]> {
  const rows = await coinRows(db, currency);
  return rows.flatMap((row) => {
    if (!(CHAIN_IDS as readonly string[]).includes(row.chainId)) return [];
    const adapter = enabledAdapter(chains, row.chainId);
    return adapter ? [{ ...row, adapter }] : [];
  });
}
