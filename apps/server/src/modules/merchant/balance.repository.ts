import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { balances, coins, exchangeRates } from '../../db/schema';

/**
 * One row per currency the platform supports (every coin_name in coins), with the merchant's
 * balance when it has one and the currency's rate to USDT. Decimals stay strings.
 */
export interface BalanceRow {
  coinName: string;
  icon: string;
  available: string | null;
  frozen: string | null;
  rate: string | null;
}

export async function listBalanceRows(db: Executor, merchantId: number): Promise<BalanceRow[]> {
  return (
    db
      .select({
        coinName: coins.coinName,
        // Every network of a currency shares its icon; min() just picks it.
        icon: sql<string>`min(${coins.icon})`,
        available: balances.available,
        frozen: balances.frozen,
        rate: exchangeRates.rate,
      })
      .from(coins)
      .leftJoin(balances, and(eq(balances.merchantId, merchantId), eq(balances.coinName, coins.coinName)))
      .leftJoin(exchangeRates, eq(exchangeRates.coinName, coins.coinName))
      .groupBy(coins.coinName, balances.available, balances.frozen, exchangeRates.rate)
      // Seed order: stablecoins first, then the natives by chain.
      .orderBy(sql`min(${coins.coinId})`)
  );
}
