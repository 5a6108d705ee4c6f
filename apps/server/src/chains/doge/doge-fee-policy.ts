import { Money, money, toDecimalString } from '@tollgate/contracts/money';

/**
 * DOGE at the chain's boundary: 8 decimals, bigint koinu (1 DOGE = 100,000,000 koinu) for every
 * computation, decimal strings outside. Dogecoin Core 1.14's fee and dust defaults
 * (src/policy/policy.h, src/validation.h), in koinu.
 */
export const KOINU_PER_DOGE = 100_000_000n;

/** RECOMMENDED_MIN_TX_FEE = COIN / 100: the fee per kB Dogecoin Core recommends, and our floor. */
export const RECOMMENDED_MIN_TX_FEE = KOINU_PER_DOGE / 100n;
/**
 * DEFAULT_DUST_LIMIT = RECOMMENDED_MIN_TX_FEE (0.01 DOGE), the soft dust limit: GetDogecoinDustFee
 * (dogecoin-fees.cpp) requires that much more fee for every output below it (CTxOut::IsDust is a
 * strict "below"), and the wallet discards change below it to the fee.
 */
export const DEFAULT_DUST_LIMIT = RECOMMENDED_MIN_TX_FEE;
/** DEFAULT_HARD_DUST_LIMIT = DEFAULT_DUST_LIMIT / 10: an output below it is non-standard (never relayed). */
export const DEFAULT_HARD_DUST_LIMIT = DEFAULT_DUST_LIMIT / 10n;
/**
 * DEFAULT_INCREMENTAL_RELAY_FEE = RECOMMENDED_MIN_TX_FEE / 100 (0.0001 DOGE/kB): the least a
 * BIP 125 replacement adds per kB, when the node does not say (getnetworkinfo.incrementalfee).
 */
export const DEFAULT_INCREMENTAL_RELAY_FEE = RECOMMENDED_MIN_TX_FEE / 100n;

/** A decimal string of DOGE ("0.10000000", "12.5") as koinu; more than 8 decimals is refused. */
export function toKoinu(amount: string): bigint {
  const scaled = money(amount).times(KOINU_PER_DOGE.toString());
  if (!scaled.isInteger()) throw new RangeError(`more than 8 decimals: ${amount}`);
  return BigInt(scaled.toFixed(0));
}

/** Koinu as the wire's decimal string of DOGE ("0.0226", "0"). */
export function fromKoinu(koinu: bigint): string {
  return toDecimalString(new Money(koinu.toString()).div(KOINU_PER_DOGE.toString()));
}

/** a ÷ b rounded up (non-negative a, positive b). */
export function divUp(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

export const maxOf = (...values: bigint[]): bigint => values.reduce((a, b) => (b > a ? b : a));
