import { asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chains, coins, exchangeRates } from '../../db/schema';

/** Reference data, as seeded by migration: chains by their sort, coins by chain then seed order. */
export function listChains(db: Executor) {
  return db.select().from(chains).orderBy(asc(chains.sort));
}

export function listCoins(db: Executor) {
  return db
    .select({ coin: coins, chainName: chains.chainName })
    .from(coins)
    .innerJoin(chains, eq(chains.chainId, coins.chainId))
    .orderBy(asc(chains.sort), asc(coins.coinId));
}

export function listExchangeRates(db: Executor) {
  // The order of the currencies in coins (stablecoins first), then any rate without a coin.
  const firstCoinId = sql`(select min(${coins.coinId}) from ${coins} where ${coins.coinName} = ${exchangeRates.coinName})`;
  return db
    .select()
    .from(exchangeRates)
    .orderBy(sql`${firstCoinId} asc nulls last`, asc(exchangeRates.coinName));
}
