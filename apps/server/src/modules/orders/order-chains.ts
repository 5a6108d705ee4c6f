import { eq, sql } from 'drizzle-orm';
import { CHAIN_IDS, type ChainAdapter } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
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

/** The networks on which `currency` can be paid now: coin rows on enabled chains, with their decimals. */
export async function payableNetworks(
  db: Executor,
  chains: OrderChains,
  currency: string,
): Promise<PayableNetwork[]> {
  const rows = await coinNetworksQuery(db).execute({ currency });
  return rows.flatMap((row) => {
    if (!(CHAIN_IDS as readonly string[]).includes(row.chainId)) return [];
    const adapter = enabledAdapter(chains, row.chainId);
    return adapter ? [{ ...row, adapter }] : [];
  });
}
