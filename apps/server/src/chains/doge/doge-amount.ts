/**
 * DOGE amounts at the chain's boundary: satoshis (1e-8 DOGE) as bigint, and decimal strings
 * with exactly 8 decimals, as Dogecoin Core writes them ("1.23456789", "50.00000000"). Never a
 * JS number.
 */
export const DOGE_DECIMALS = 8;
const SCALE = 100_000_000n;

/** Satoshis as DOGE, 8 decimals: 123456789n → "1.23456789". */
export function satoshisToDoge(satoshis: bigint): string {
  const sign = satoshis < 0n ? '-' : '';
  const abs = satoshis < 0n ? -satoshis : satoshis;
  return `${sign}${abs / SCALE}.${(abs % SCALE).toString().padStart(DOGE_DECIMALS, '0')}`;
}

/** A DOGE decimal string (at most 8 decimals; the node's text, or a stored amount) as satoshis. */
export function dogeToSatoshis(amount: string): bigint {
  const match = /^(-?)(\d+)(?:\.(\d{0,8}))?$/.exec(amount.trim());
  if (!match) throw new Error(`not a DOGE amount (at most 8 decimals): ${amount}`);
  const [, sign, whole, fraction = ''] = match;
  const satoshis = BigInt(whole as string) * SCALE + BigInt(fraction.padEnd(DOGE_DECIMALS, '0'));
  return sign === '-' ? -satoshis : satoshis;
}
