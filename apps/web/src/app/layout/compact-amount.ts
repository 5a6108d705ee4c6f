import { formatMoney, Money, type MoneyInput, money } from '@tollgate/contracts/money';

/**
 * An amount short enough for a phone's header: at 2 decimals below 10,000 ("1,234.57"), then
 * with K, M or B and one decimal ("12.3K", "4.6M"). Rounded half-up like every amount shown at
 * fewer decimals than it has (formatMoney; the exact sentence is the header's tooltip);
 * computed on the decimal, never a JS number.
 */
const UNITS: [suffix: string, size: string, from: string][] = [
  ['B', '1e9', '1e9'],
  ['M', '1e6', '1e6'],
  ['K', '1e3', '1e4'],
];

export function formatCompactAmount(value: MoneyInput): string {
  const amount = money(value);
  for (const [suffix, size, from] of UNITS) {
    if (amount.abs().gte(from)) {
      const scaled = amount.div(size).toDecimalPlaces(1, Money.ROUND_HALF_UP);
      return `${formatMoney(scaled, scaled.isInteger() ? 0 : 1)}${suffix}`;
    }
  }
  return formatMoney(amount);
}
