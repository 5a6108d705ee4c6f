import type { AccountInfo, AccountOverview } from '@tollgate/contracts';
import { Money, money, sumMoney, toDecimalString } from '@tollgate/contracts';
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

/** Shares are written with 6 decimals (0.123456 = 12.3456 %), rounded half up. */
const SHARE_DECIMALS = 6;

/**
 * The asset page (GET /merchant/account/overview): every currency with its balances and worth,
 * the total, and the distribution of the currencies worth more than nothing, largest first
 * (ties in seed order). Computed from the same rows and products as the account info, so the
 * two never disagree.
 */
export function computeAccountOverview(rows: BalanceRow[]): AccountOverview {
  const info = computeAccountInfo(rows);
  const total = money(info.totalBalance);
  const held = info.userBalanceList.filter((entry) => money(entry.usdtValue).greaterThan(0));
  const distribution = held
    .map((entry, order) => ({ entry, order, value: money(entry.usdtValue) }))
    .sort((a, b) => b.value.comparedTo(a.value) || a.order - b.order)
    .map(({ entry, value }) => ({
      coinName: entry.coinName,
      usdtValue: entry.usdtValue,
      share: toDecimalString(value.dividedBy(total).toDecimalPlaces(SHARE_DECIMALS, Money.ROUND_HALF_UP)),
    }));
  return {
    totalUsdt: info.totalBalance,
    assets: info.userBalanceList.map(({ coinName, icon, available, frozen, usdtValue }) => ({
      coinName,
      icon,
      available,
      frozen,
      usdtValue,
    })),
    distribution,
  };
}
