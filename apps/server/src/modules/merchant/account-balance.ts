import type { AccountInfo } from '@tollgate/contracts';
import { money, sumMoney, toDecimalString } from '@tollgate/contracts';
import type { BalanceRow } from './balance.repository';

/**
 * The merchant's assets in USDT: each currency's (available + frozen) × rate, and their sum.
 * All through the contracts money module (decimal, never a JS number); the total is summed
 * from the exact products and only then cut to 18 decimals.
 */
export function computeAccountInfo(rows: BalanceRow[]): AccountInfo {
  const entries = rows.map((row) => {
    const available = money(row.available ?? '0');
    const frozen = money(row.frozen ?? '0');
    // A currency without a rate is worth nothing in the total rather than breaking it.
    const rate = money(row.rate ?? '0');
    return { row, available, frozen, rate, usdtValue: available.plus(frozen).times(rate) };
  });
  return {
    totalBalance: toDecimalString(sumMoney(entries.map((e) => e.usdtValue))),
    userBalanceList: entries.map(({ row, available, frozen, rate, usdtValue }) => ({
      coinName: row.coinName,
      available: toDecimalString(available),
      frozen: toDecimalString(frozen),
      rate: toDecimalString(rate),
      usdtValue: toDecimalString(usdtValue),
      icon: row.icon,
    })),
  };
}
