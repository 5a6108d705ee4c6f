import { and, asc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chains, coins, exchangeRates, feeRates } from '../../db/schema';

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

/** The rate table: each fee row with its coin and chain, chains by their sort, coins in seed order. */
export function listFeeRates(db: Executor) {
  return db
    .select({
      chainId: feeRates.chainId,
      chainName: chains.chainName,
      coinName: feeRates.coinName,
      coinUnit: coins.coinUnit,
      icon: coins.icon,
      collectionRate: feeRates.collectionRate,
      payoutFee: feeRates.payoutFee,
    })
    .from(feeRates)
    .innerJoin(coins, and(eq(coins.chainId, feeRates.chainId), eq(coins.coinName, feeRates.coinName)))
    .innerJoin(chains, eq(chains.chainId, feeRates.chainId))
    .orderBy(asc(chains.sort), asc(coins.coinId));
}
