import {
  BATCH_COLUMN_TITLES,
  BATCH_TEMPLATE_EXAMPLE,
  type BatchColumn,
  type BatchTotal,
  DECIMAL_PATTERN,
  formatMessage,
  type Language,
  Money,
  toDecimalString,
} from '@tollgate/contracts';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { isAppError } from '../../lib/app-error';
import type { SheetRow } from './batch-sheet';
import { availableOf } from './withdrawal.repository';
import {
  type AddressWhitelist,
  type CheckedWithdrawal,
  type CoinTerms,
  checkAgainstTerms,
  loadCoinTerms,
} from './withdrawal-rules';

/**
 * A batch's rows checked one by one with the single withdrawal's rules (withdrawal-rules.ts),
 * each row's first failure as its error in the merchant's language, in this order:
 * 1. coin, chain, address and amount present;
 * 2. the amount a decimal number above 0;
 * 3. the rules of a single withdrawal: chain enabled, coin on the chain, address valid for the
 *    chain (and whitelisted while the whitelist is on), decimals, min and max with the limit;
 * 4. not the template's example row left as it was;
 * 5. not a duplicate: a valid row with the same chain, coin, address and amount as an earlier
 *    valid row is flagged on the later line, naming the first.
 * Coin and chain are read in any letter case (usdt, tron). Each coin's terms are loaded once.
 * Nothing is written.
 */
export interface CheckedRow {
  line: number;
  coinName: string;
  chainId: string;
  address: string;
  amount: string;
  fee: string | null;
  remark: string;
  error: string | null;
  /** Set when the row is valid: what freezing it needs. */
  checked: Omit<CheckedWithdrawal, 'adapter'> | null;
}

const REQUIRED: readonly BatchColumn[] = ['coin', 'chain', 'address', 'amount'];
/** The money module's decimal pattern without a sign, and some digit other than 0: above 0. */
const POSITIVE_DECIMAL = new RegExp(DECIMAL_PATTERN.source.replace('^-?', '^'));
const NON_ZERO = /[1-9]/;

export interface RowCheckDeps {
  db: Executor;
  chains: { get(chainId: string): ChainAdapter | undefined };
  whitelist: AddressWhitelist;
}

export async function checkBatchRows(
  deps: RowCheckDeps,
  rows: readonly SheetRow[],
  lang: Language,
): Promise<CheckedRow[]> {
  const termsOf = new Map<string, CoinTerms | undefined>();
  const firstLineOf = new Map<string, number>();
  const titles = BATCH_COLUMN_TITLES[lang];
  const out: CheckedRow[] = [];
  for (const row of rows) {
    const coinName = row.coin.toUpperCase();
    const chainId = row.chain.toUpperCase();
    const base = {
      line: row.line,
      coinName,
      chainId,
      address: row.address,
      amount: row.amount,
      remark: row.remark,
    };
    const refuse = (key: string, params?: Record<string, string | number>): CheckedRow => ({
      ...base,
      fee: null,
      error: formatMessage(lang, key, params),
      checked: null,
    });
    const missing = REQUIRED.find((column) => row[column] === '');
    if (missing) {
      out.push(refuse('validation.batch.cellRequired', { column: titles[missing] }));
      continue;
    }
    if (!POSITIVE_DECIMAL.test(row.amount) || !NON_ZERO.test(row.amount)) {
      out.push(refuse('validation.batch.amountInvalid'));
      continue;
    }
    const adapter = deps.chains.get(chainId);
    if (!adapter) {
      out.push(refuse('errors.currencyNotSupported'));
      continue;
    }
    const termsKey = `${chainId}\u0000${coinName}`;
    if (!termsOf.has(termsKey)) termsOf.set(termsKey, await loadCoinTerms(deps.db, chainId, coinName));
    const terms = termsOf.get(termsKey);
    if (!terms) {
      out.push(refuse('validation.asset.coinNotOnChain'));
      continue;
    }
    let checked: Omit<CheckedWithdrawal, 'adapter'>;
    try {
      checked = checkAgainstTerms(
        adapter,
        terms,
        { coinName, chainId, address: row.address, amount: row.amount },
        deps.whitelist,
      );
    } catch (error) {
      if (!isAppError(error)) throw error;
      const [first] = error.fieldErrors;
      out.push(
        first ? refuse(first.key, first.params) : refuse(`errors.${error.messageKey}`, error.messageParams),
      );
      continue;
    }
    const example = BATCH_TEMPLATE_EXAMPLE;
    if (checked.address === example.address && checked.amount === example.amount) {
      out.push(refuse('validation.batch.exampleRow'));
      continue;
    }
    const address = adapter.family === 'evm' ? checked.address.toLowerCase() : checked.address;
    const duplicateKey = `${chainId}\u0000${coinName}\u0000${address}\u0000${checked.amount}`;
    const first = firstLineOf.get(duplicateKey);
    if (first !== undefined) {
      out.push(refuse('validation.batch.duplicate', { line: first }));
      continue;
    }
    firstLineOf.set(duplicateKey, row.line);
    out.push({ ...base, amount: checked.amount, fee: checked.fee, error: null, checked });
  }
  return out;
}

/** Per coin (in the order first met), the valid rows added up beside the available balance. */
export async function batchTotals(
  db: Executor,
  merchantId: number,
  rows: readonly CheckedRow[],
): Promise<BatchTotal[]> {
  const sums = new Map<string, { amount: Money; fee: Money }>();
  for (const { checked } of rows) {
    if (!checked) continue;
    const sum = sums.get(checked.coinName) ?? { amount: new Money(0), fee: new Money(0) };
    sums.set(checked.coinName, { amount: sum.amount.plus(checked.amount), fee: sum.fee.plus(checked.fee) });
  }
  const totals: BatchTotal[] = [];
  for (const [coinName, { amount, fee }] of sums) {
    const available = toDecimalString(await availableOf(db, merchantId, coinName));
    const total = amount.plus(fee);
    totals.push({
      coinName,
      amount: toDecimalString(amount),
      fee: toDecimalString(fee),
      total: toDecimalString(total),
      available,
      enough: total.lessThanOrEqualTo(available),
    });
  }
  return totals;
}
