import { Money, money } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coins, exchangeRates, fiatRates } from '../../db/schema';

/**
 * An epusdt amount is in a fiat (CNY by default); the order is in a coin. The coin amount is
 * fiat × (USDT per fiat unit, fiat_rates) ÷ (USDT per coin, exchange_rates), rounded UP to the
 * decimal place whose unit is worth at most 0.0001 USDT — ceil(4 + log10(USDT per coin)),
 * within the coin's decimals on the chain: USDT and USDC 4 places (as epusdt), TRX 4, BNB 7,
 * ETH 8 at the seeded rates. Up, so the shop never receives less than its price at the table's
 * rate; the customer pays at most that 0.0001 USDT more. The rate is the one at creation: the
 * order keeps its coin amount.
 */
export interface ConversionRates {
  /** USDT per one unit of the fiat. */
  usdtPerFiat: string;
  /** USDT per one coin. */
  usdtPerCoin: string;
  /** The coin's decimals on the order's chain. */
  coinDecimals: number;
}

/** Worth of one unit of the last decimal place, at most: 10^-4 USDT. */
const UNIT_WORTH_PLACES = 4;

/** The rates for one order, or which one is missing (an unknown fiat, or no rate for the coin). */
export type RatesLookup = { ok: true; rates: ConversionRates } | { ok: false; missing: 'fiat' | 'coin' };

export async function readConversionRates(
  db: Executor,
  fiat: string,
  coin: { currency: string; network: string },
): Promise<RatesLookup> {
  const [fiatRow] = await db.select().from(fiatRates).where(eq(fiatRates.fiat, fiat)).limit(1);
  if (!fiatRow || !money(fiatRow.usdtPerUnit).greaterThan(0)) return { ok: false, missing: 'fiat' };
  const [rateRow] = await db
    .select()
    .from(exchangeRates)
    .where(eq(exchangeRates.coinName, coin.currency))
    .limit(1);
  const [coinRow] = await db
    .select({ decimals: coins.decimals })
    .from(coins)
    .where(and(eq(coins.coinName, coin.currency), eq(coins.chainId, coin.network)))
    .limit(1);
  if (!rateRow || !coinRow || !money(rateRow.rate).greaterThan(0)) return { ok: false, missing: 'coin' };
  return {
    ok: true,
    rates: { usdtPerFiat: fiatRow.usdtPerUnit, usdtPerCoin: rateRow.rate, coinDecimals: coinRow.decimals },
  };
}

export function coinPlaces(usdtPerCoin: string, coinDecimals: number): number {
  const places = money(usdtPerCoin).log(10).plus(UNIT_WORTH_PLACES).ceil().toNumber();
  return Math.min(Math.max(places, 0), coinDecimals);
}

/** The coin amount for a fiat amount, as a canonical decimal string (> 0 for any amount > 0). */
export function convertFiatAmount(fiatAmount: string, rates: ConversionRates): string {
  const coin = money(fiatAmount).times(money(rates.usdtPerFiat)).dividedBy(money(rates.usdtPerCoin));
  const places = coinPlaces(rates.usdtPerCoin, rates.coinDecimals);
  return coin.toDecimalPlaces(places, Money.ROUND_UP).toFixed();
}

/**
 * The least fiat amount (in cents, rounded up) whose coin amount is at least `coinMinimum` at
 * these rates: the minimum an epusdt order of this trade type can be priced at (see
 * epusdt-signature.ts isPortableNumber). Never below `fiatMinimum`.
 */
export function minimumFiatAmount(coinMinimum: string, fiatMinimum: string, rates: ConversionRates): string {
  const fiat = money(coinMinimum)
    .times(money(rates.usdtPerCoin))
    .dividedBy(money(rates.usdtPerFiat))
    .toDecimalPlaces(2, Money.ROUND_UP);
  return Money.max(fiat, money(fiatMinimum)).toFixed();
}
