import {
  BATCH_COLUMN_TITLES,
  BATCH_TEMPLATE_EXAMPLE,
  type BatchColumn,
  type BatchTotal,
  DECIMAL_PATTERN,
  formatMessage,
  type Language,
  type Money,
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
  checkTermsWithDecimals,
  loadCoinTerms,
  loadOwnAddresses,
  type OwnAddresses,
} from './withdrawal-rules';

/**
 * A batch's rows checked one by one with the single withdrawal's rules (withdrawal-rules.ts),
 * each row's first failure as its error in the merchant's language, in this order:
 * 1. coin, chain, address and amount present;
 * 2. the amount a decimal number above 0;
 * 3. the rules of a single withdrawal: chain enabled, coin on the chain, address valid for the
 *    chain, not the platform's own (an order's or deposit address, the hot or gas wallet) and
 *    whitelisted while the whitelist is on, decimals, min and max with the limit;
 * 4. not the template's example row left as it was;
 * 5. not a duplicate: a valid row with the same chain, coin, address and amount as an earlier
 *    valid row is flagged on the later line, naming the first.
 * Coin and chain are read in any letter case (usdt, tron). Each coin's terms are loaded once, and
 * which of the rows' addresses are the platform's own in one query for the whole batch.
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
  /** When given, the valid rows' amounts and fees are added up in it per coin, in the same pass. */
  sums?: BatchSums,
): Promise<CheckedRow[]> {
  // Each coin's terms are loaded first, once, for the rows that reach rule 3 (as many queries as
  // before), so the rows are then checked in one synchronous pass.
  const termsOf = new Map<string, CoinTerms | undefined>();
  for (const row of rows) {
    const chainId = row.chain.toUpperCase();
    const coinName = row.coin.toUpperCase();
    const termsKey = `${chainId}\u0000${coinName}`;
    if (termsOf.has(termsKey) || REQUIRED.some((column) => row[column] === '')) continue;
    if (!POSITIVE_DECIMAL.test(row.amount) || !NON_ZERO.test(row.amount)) continue;
    if (!deps.chains.get(chainId)) continue;
    termsOf.set(termsKey, await loadCoinTerms(deps.db, chainId, coinName));
  }
  const own = await loadOwnAddresses(
    deps.db,
    deps.chains,
    rows.map((row) => ({ chainId: row.chain.toUpperCase(), address: row.address })),
  );
  const pass: RowPass = {
    deps,
    lang,
    own,
    titles: BATCH_COLUMN_TITLES[lang],
    termsOf,
    firstLineOf: new Map(),
    sums,
  };
  const out: CheckedRow[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) out[i] = checkRow(pass, rows[i] as SheetRow);
  return out;
}

interface RowPass {
  deps: RowCheckDeps;
  lang: Language;
  own: OwnAddresses;
  titles: Record<BatchColumn, string>;
  termsOf: ReadonlyMap<string, CoinTerms | undefined>;
  firstLineOf: Map<string, number>;
  sums: BatchSums | undefined;
}

function refused(
  pass: RowPass,
  row: SheetRow,
  coinName: string,
  chainId: string,
  key: string,
  params?: Record<string, string | number>,
): CheckedRow {
  return {
    line: row.line,
    coinName,
    chainId,
    address: row.address,
    amount: row.amount,
    remark: row.remark,
    fee: null,
    error: formatMessage(pass.lang, key, params),
    checked: null,
  };
}

function checkRow(pass: RowPass, row: SheetRow): CheckedRow {
  const coinName = row.coin.toUpperCase();
  const chainId = row.chain.toUpperCase();
  const missing = REQUIRED.find((column) => row[column] === '');
  if (missing)
    return refused(pass, row, coinName, chainId, 'validation.batch.cellRequired', {
      column: pass.titles[missing],
    });
  if (!POSITIVE_DECIMAL.test(row.amount) || !NON_ZERO.test(row.amount))
    return refused(pass, row, coinName, chainId, 'validation.batch.amountInvalid');
  const adapter = pass.deps.chains.get(chainId);
  if (!adapter) return refused(pass, row, coinName, chainId, 'errors.currencyNotSupported');
  const terms = pass.termsOf.get(`${chainId}\u0000${coinName}`);
  if (!terms) return refused(pass, row, coinName, chainId, 'validation.asset.coinNotOnChain');
  let result: ReturnType<typeof checkTermsWithDecimals>;
  try {
    result = checkTermsWithDecimals(
      adapter,
      terms,
      { coinName, chainId, address: row.address, amount: row.amount },
      pass.deps.whitelist,
      pass.own,
    );
  } catch (error) {
    if (!isAppError(error)) throw error;
    const [first] = error.fieldErrors;
    return first
      ? refused(pass, row, coinName, chainId, first.key, first.params)
      : refused(pass, row, coinName, chainId, `errors.${error.messageKey}`, error.messageParams);
  }
  const { checked } = result;
  const example = BATCH_TEMPLATE_EXAMPLE;
  if (checked.address === example.address && checked.amount === example.amount)
    return refused(pass, row, coinName, chainId, 'validation.batch.exampleRow');
  const address = adapter.family === 'evm' ? checked.address.toLowerCase() : checked.address;
  const duplicateKey = `${chainId}\u0000${coinName}\u0000${address}\u0000${checked.amount}`;
  const first = pass.firstLineOf.get(duplicateKey);
  if (first !== undefined)
    return refused(pass, row, coinName, chainId, 'validation.batch.duplicate', { line: first });
  pass.firstLineOf.set(duplicateKey, row.line);
  if (pass.sums) {
    const sum = pass.sums.get(coinName);
    if (sum) {
      sum.amount = sum.amount.plus(result.amount);
      sum.fee = sum.fee.plus(result.fee);
    } else pass.sums.set(coinName, { amount: result.amount, fee: result.fee });
  }
  return {
    line: row.line,
    coinName,
    chainId,
    address: row.address,
    amount: checked.amount,
    remark: row.remark,
    fee: checked.fee,
    error: null,
    checked,
  };
}

/** Per coin (in the order first met), the valid rows' amounts and fees added up. */
export type BatchSums = Map<string, { amount: Money; fee: Money }>;

/** Per coin (in the order first met), the valid rows added up (checkBatchRows' sums) beside the available balance. */
export async function batchTotals(db: Executor, merchantId: number, sums: BatchSums): Promise<BatchTotal[]> {
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
