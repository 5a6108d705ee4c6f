import { DECIMAL_PATTERN, formatExactMoney, money } from '@tollgate/contracts/money';

/**
 * What the withdraw form refuses before sending, as the server would (the server checks again,
 * the address's checksum included): the address's shape for its chain family, the amount's
 * decimals and limits, and amount + fee within what is available. Each returns a message key
 * with its values, or null when the value passes.
 */
export type Check = { key: string; values?: Record<string, string | number> } | null;

const ADDRESS_SHAPE: Record<string, RegExp> = {
  evm: /^0x[0-9a-fA-F]{40}$/,
  tron: /^T[1-9A-HJ-NP-Za-km-z]{33}$/,
  // Mainnet P2PKH "D…" and P2SH "9…"/"A…"; a live node on Dogecoin's testnet or regtest
  // (DOGE_NETWORK) uses "n…"/"m…" and "2…": the server checks the network's own prefixes.
  doge: /^([9AD][1-9A-HJ-NP-Za-km-z]{33}|[mn][1-9A-HJ-NP-Za-km-z]{33}|2[1-9A-HJ-NP-Za-km-z]{34})$/,
};

export function familyOf(chainId: string): 'evm' | 'tron' | 'doge' {
  if (chainId === 'TRON') return 'tron';
  if (chainId === 'DOGE') return 'doge';
  return 'evm';
}

export function checkAddress(chainId: string, address: string): Check {
  const shape = ADDRESS_SHAPE[familyOf(chainId)];
  return shape?.test(address.trim())
    ? null
    : { key: 'assets.withdraw.addressFormat', values: { chain: chainId } };
}

export interface Terms {
  decimals: number;
  min: string;
  max: string;
  fee: string;
  available: string;
  coin: string;
}

export function checkAmount(value: string, terms: Terms): Check {
  const text = value.trim();
  // "1e3" or "abc" is no number (said so), "0" no amount.
  if (!DECIMAL_PATTERN.test(text)) return { key: 'messages.validation.decimal' };
  if (money(text).lessThanOrEqualTo(0)) return { key: 'messages.validation.collection.amount' };
  const amount = money(text);
  if (amount.decimalPlaces() > terms.decimals) {
    return { key: 'assets.withdraw.decimals', values: { decimals: terms.decimals } };
  }
  if (amount.lessThan(terms.min))
    return {
      key: 'messages.validation.asset.minWithdrawal',
      values: { min: formatExactMoney(terms.min), coin: terms.coin },
    };
  if (amount.greaterThan(terms.max))
    return {
      key: 'messages.validation.asset.maxWithdrawal',
      values: { max: formatExactMoney(terms.max), coin: terms.coin },
    };
  if (amount.plus(terms.fee).greaterThan(terms.available)) {
    return {
      key: 'assets.withdraw.insufficient',
      values: { available: formatExactMoney(terms.available), coin: terms.coin },
    };
  }
  return null;
}

/** The most that can be withdrawn: available − fee, cut to the coin's decimals (never below 0). */
export function maxAmount(terms: Pick<Terms, 'available' | 'fee' | 'decimals'>): string {
  const most = money(terms.available).minus(terms.fee);
  return most.lessThanOrEqualTo(0) ? '0' : most.toDecimalPlaces(terms.decimals, 1).toFixed();
}

/** amount + fee, or null while the amount is not a number. */
export function totalOf(amount: string, fee: string): string | null {
  const text = amount.trim();
  return DECIMAL_PATTERN.test(text) ? money(text).plus(fee).toFixed() : null;
}
