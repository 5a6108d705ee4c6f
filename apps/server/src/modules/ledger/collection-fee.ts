import { Money, money, toDecimalString } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coins, feeRates } from '../../db/schema';

/**
 * The fee on a collection: the rate table's collection rate for the chain and coin times what
 * arrived, rounded half up to the coin's decimals on that chain (the smallest unit the chain
 * can move), so fee and credit are amounts the chain could carry. The merchant is credited
 * what arrived minus the fee.
 */
export interface CollectionRate {
  rate: string;
  decimals: number;
}

export async function loadCollectionRate(
  db: Executor,
  chainId: string,
  coinName: string,
): Promise<CollectionRate> {
  const [row] = await db
    .select({ rate: feeRates.collectionRate, decimals: coins.decimals })
    .from(feeRates)
    .innerJoin(coins, and(eq(coins.chainId, feeRates.chainId), eq(coins.coinName, feeRates.coinName)))
    .where(and(eq(feeRates.chainId, chainId), eq(feeRates.coinName, coinName)))
    .limit(1);
  // Orders are only created for coins of the rate table (fee_rates references coins); a
  // missing row is a broken installation, not a free collection.
  if (!row) throw new Error(`no collection rate for ${coinName} on ${chainId}`);
  return row;
}

export function collectionFee(rate: CollectionRate, arrived: string): { fee: string; credit: string } {
  const amount = money(arrived);
  const fee = amount.times(money(rate.rate)).toDecimalPlaces(rate.decimals, Money.ROUND_HALF_UP);
  return { fee: toDecimalString(fee), credit: toDecimalString(amount.minus(fee)) };
}
