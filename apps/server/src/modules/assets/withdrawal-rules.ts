import {
  ErrorCode,
  formatExactMoney,
  type Money,
  money,
  moneyText,
  toDecimalString,
} from '@tollgate/contracts';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { CHAIN_FAMILY, normalizeAddress } from '../../chains/addresses';
import { type ChainAdapter, type ChainId, GAS_WALLET, HOT_WALLET } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { coins, exchangeRates, feeRates, watchedAddresses } from '../../db/schema';
import { AppError, fieldError } from '../../lib/app-error';
import { listWhitelistKeys, readWhitelist, whitelistKey } from './address-whitelist.repository';

/**
 * The rules every withdrawal passes, whatever asks for it (the back office one by one or in a
 * batch, the payout API), in order, each with its own localized error:
 * 1. the chain is enabled on this server (3002);
 * 2. the chain carries the coin (1001 on coinName; for the payout API 3002 naming it, the code its
 *    documentation and a collection give a currency the network does not carry);
 * 3. the address is valid for the chain, checksum included: the adapter decides (1001 on address);
 *    it is not one the platform itself holds (an order's or a deposit address, the hot or gas
 *    wallet: `loadOwnAddresses`), since what is paid there comes back to the platform while the
 *    books have it leave (1001 on address, validation.asset.ownAddress);
 *    while the merchant's address whitelist is on, it is listed for that chain, compared as the
 *    adapter normalizes it (EVM: checksummed, so any letter case) (3203 on address);
 * 4. the amount has no more decimals than the coin, and lies within the coin's
 *    minWithdrawalAmount and maxWithdrawalAmount (1001 on amount, with the limit in the message).
 * The fee is the rate table's payout fee; what leaves the balance is amount + fee, and its worth
 * in USDT is what the auto-approve threshold compares. Nothing is written here.
 */
export interface WithdrawalRequest {
  coinName: string;
  chainId: string;
  address: string;
  amount: string;
  /** A payout of the merchant API: its limits are said as a payout's, not a withdrawal's. */
  payout?: boolean;
}

export interface CheckedWithdrawal {
  adapter: ChainAdapter;
  coinName: string;
  chainId: string;
  address: string;
  amount: string;
  fee: string;
  total: string;
  usdtValue: string;
}

/**
 * The merchant's whitelist as the rules read it (`loadAddressWhitelist`): the listed
 * `chainId:address` keys while it is on, null while it is off (any address goes).
 */
export type AddressWhitelist = ReadonlySet<string> | null;

export async function loadAddressWhitelist(
  db: Executor,
  merchant: number | { id: number; addressWhitelistOn: boolean },
): Promise<AddressWhitelist> {
  // With the merchant's row in hand, its switch is read from it (off: no query at all).
  if (typeof merchant !== 'number') {
    return merchant.addressWhitelistOn ? listWhitelistKeys(db, merchant.id) : null;
  }
  const { on, keys } = await readWhitelist(db, merchant);
  return on ? keys : null;
}

/** Rule 3's second half: 3203 (naming the address field) for an address the whitelist lacks. */
export function requireWhitelisted(
  adapter: ChainAdapter,
  whitelist: AddressWhitelist,
  address: string,
): void {
  if (whitelist === null) return;
  if (whitelist.has(whitelistKey(adapter.chainId, normalizeAddress(adapter.family, address)))) return;
  throw new AppError(ErrorCode.ADDRESS_NOT_WHITELISTED, {
    fieldErrors: [{ field: 'address', key: 'errors.addressNotWhitelisted' }],
  });
}

/**
 * The platform's own addresses among those a request (or a batch, or a group of payouts) names,
 * as `loadOwnAddresses` found them: `family:address` keys. Addresses compare as the adapter
 * normalizes them (EVM: checksummed, so any letter case; base58 as it is); the key holds an EVM
 * address in lower case, the same comparison without a keccak per row of a 10,000-row batch.
 */
export type OwnAddresses = ReadonlySet<string>;

const ownKey = (adapter: Pick<ChainAdapter, 'family'>, address: string) =>
  `${adapter.family}:${adapter.family === 'evm' ? address.toLowerCase() : address}`;

/** Each adapter's hot and gas wallets, derived once. */
const WALLETS = new WeakMap<ChainAdapter, readonly string[]>();

function platformWallets(adapter: ChainAdapter): readonly string[] {
  let wallets = WALLETS.get(adapter);
  if (!wallets) {
    wallets = [HOT_WALLET, GAS_WALLET].map((key) => adapter.deriveAddress(key.index, key.account));
    WALLETS.set(adapter, wallets);
  }
  return wallets;
}

/**
 * Which of `asked` the platform holds the key of: watched_addresses (every order and deposit
 * address ever issued, and the hot and gas wallets) in one query over all of them, plus each
 * named chain's HOT_WALLET and GAS_WALLET as its adapter derives them (watched from the
 * watcher's start only). A family's chains share one derivation (an ETH order's address is the
 * platform's on BSC too), so an address is looked up on every chain of its family. Addresses
 * the adapter does not take (invalid, or a chain not enabled) are left to rule 3's first half.
 */
export async function loadOwnAddresses(
  db: Executor,
  chains: { get(chainId: string): ChainAdapter | undefined },
  asked: Iterable<{ chainId: string; address: string }>,
): Promise<OwnAddresses> {
  const own = new Set<string>();
  const families = new Set<ChainAdapter['family']>();
  const addresses = new Set<string>();
  const seenChains = new Set<string>();
  for (const { chainId, address } of asked) {
    const adapter = chains.get(chainId);
    if (!adapter) continue;
    const stored = storedForm(adapter.family, address.trim());
    if (stored === undefined) continue;
    families.add(adapter.family);
    addresses.add(stored);
    if (seenChains.has(adapter.chainId)) continue;
    seenChains.add(adapter.chainId);
    for (const wallet of platformWallets(adapter)) own.add(ownKey(adapter, wallet));
  }
  if (addresses.size === 0) return own;
  const chainIds = (Object.keys(CHAIN_FAMILY) as ChainId[]).filter((id) => families.has(CHAIN_FAMILY[id]));
  const rows = await db
    .select({ chainId: watchedAddresses.chainId, address: watchedAddresses.address })
    .from(watchedAddresses)
    .where(
      and(
        inArray(watchedAddresses.chainId, chainIds),
        // One text parameter, however many addresses (a batch has up to 10,000): a comma-joined
        // list costs PGlite a fraction of a text[]'s (serialized element by element) or of an IN list.
        sql`${watchedAddresses.address} = any(string_to_array(${[...addresses].join(',')}::text, ','))`,
      ),
    );
  for (const row of rows) {
    const family = CHAIN_FAMILY[row.chainId as ChainId];
    if (family) own.add(ownKey({ family }, row.address));
  }
  return own;
}

/** Whether `address` (valid for the adapter's chain) is among the platform's own (`loadOwnAddresses`). */
export function isOwnAddress(
  adapter: Pick<ChainAdapter, 'family'>,
  own: OwnAddresses,
  address: string,
): boolean {
  return own.has(ownKey(adapter, address));
}

/**
 * The form watched_addresses holds an address in (the adapter's normalized one), without checking
 * it (rule 3 does, row by row): EVM checksummed (an address already in mixed case is kept as it
 * is: valid, it is its checksummed form; invalid, it matches nothing), any other as it is.
 * Undefined for what cannot be an address of the family.
 */
function storedForm(family: ChainAdapter['family'], address: string): string | undefined {
  // No address of any family holds a comma (the list's separator in the query).
  if (address === '' || address.includes(',')) return undefined;
  if (family !== 'evm') return address;
  if (!EVM_HEX.test(address)) return undefined;
  const hex = address.slice(2);
  return hex === hex.toLowerCase() || hex === hex.toUpperCase() ? normalizeAddress(family, address) : address;
}
const EVM_HEX = /^0x[0-9a-fA-F]{40}$/;

/** Rule 3's own-address half: 1001 on address for an address the platform itself holds. */
export function requireNotOwn(adapter: ChainAdapter, own: OwnAddresses, address: string): void {
  if (!isOwnAddress(adapter, own, address)) return;
  throw new AppError(ErrorCode.VALIDATION_FAILED, {
    fieldErrors: [
      { field: 'address', key: 'validation.asset.ownAddress', params: { chain: adapter.chainId } },
    ],
  });
}

export interface CoinTerms {
  decimals: number;
  minWithdrawalAmount: string;
  maxWithdrawalAmount: string;
  payoutFee: string;
  rate: string;
}

/** The coin's limits, fee and rate on a chain; undefined when the chain does not carry it. */
export async function loadCoinTerms(
  db: Executor,
  chainId: string,
  coinName: string,
): Promise<CoinTerms | undefined> {
  const [row] = await db
    .select({
      decimals: coins.decimals,
      minWithdrawalAmount: coins.minWithdrawalAmount,
      maxWithdrawalAmount: coins.maxWithdrawalAmount,
      payoutFee: feeRates.payoutFee,
      rate: exchangeRates.rate,
    })
    .from(coins)
    .innerJoin(feeRates, and(eq(feeRates.chainId, coins.chainId), eq(feeRates.coinName, coins.coinName)))
    .leftJoin(exchangeRates, eq(exchangeRates.coinName, coins.coinName))
    .where(and(eq(coins.chainId, chainId), eq(coins.coinName, coinName)));
  return row ? { ...row, rate: row.rate ?? '0' } : undefined;
}

/**
 * Rules 3 and 4 on terms already loaded (a batch loads each coin's once, the merchant's
 * whitelist once with `loadAddressWhitelist`, and its addresses' own ones with one
 * `loadOwnAddresses`).
 */
export function checkAgainstTerms(
  adapter: ChainAdapter,
  terms: CoinTerms,
  request: WithdrawalRequest,
  whitelist: AddressWhitelist,
  own: OwnAddresses,
): Omit<CheckedWithdrawal, 'adapter'> {
  return checkTermsWithDecimals(adapter, terms, request, whitelist, own).checked;
}

/**
 * checkAgainstTerms, also answering the amount and fee as decimals (a batch adds them up per coin
 * in the same pass instead of parsing its rows' texts again).
 */
export function checkTermsWithDecimals(
  adapter: ChainAdapter,
  terms: CoinTerms,
  request: WithdrawalRequest,
  whitelist: AddressWhitelist,
  own: OwnAddresses,
): { checked: Omit<CheckedWithdrawal, 'adapter'>; amount: Money; fee: Money } {
  const address = request.address.trim();
  if (!adapter.isValidAddress(address)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        { field: 'address', key: 'validation.asset.address', params: { chain: adapter.chainId } },
      ],
    });
  }
  requireNotOwn(adapter, own, address);
  requireWhitelisted(adapter, whitelist, address);
  const amount = money(request.amount);
  if (amount.decimalPlaces() > terms.decimals)
    throw fieldError('amount', 'validation.collection.amountDecimals');
  const parsed = parsedTerms(terms);
  // The limits are written out only for a refusal: a 10,000-row batch checks every row here.
  if (amount.lessThan(parsed.min)) {
    const min = formatExactMoney(terms.minWithdrawalAmount);
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        {
          field: 'amount',
          key: request.payout ? 'validation.asset.minPayout' : 'validation.asset.minWithdrawal',
          params: { min, coin: request.coinName },
        },
      ],
    });
  }
  if (amount.greaterThan(parsed.max)) {
    const max = formatExactMoney(terms.maxWithdrawalAmount);
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        {
          field: 'amount',
          key: request.payout ? 'validation.asset.maxPayout' : 'validation.asset.maxWithdrawal',
          params: { max, coin: request.coinName },
        },
      ],
    });
  }
  const total = amount.plus(parsed.fee);
  return {
    checked: {
      coinName: request.coinName,
      chainId: adapter.chainId,
      address,
      amount: moneyText(amount),
      fee: parsed.feeText,
      total: moneyText(total),
      usdtValue: toDecimalString(total.times(parsed.rate)),
    },
    amount,
    fee: parsed.fee,
  };
}

/** The terms as decimals, parsed once per terms object (a batch checks thousands of rows on one). */
const PARSED = new WeakMap<CoinTerms, { min: Money; max: Money; fee: Money; feeText: string; rate: Money }>();

function parsedTerms(terms: CoinTerms) {
  let parsed = PARSED.get(terms);
  if (!parsed) {
    parsed = {
      min: money(terms.minWithdrawalAmount),
      max: money(terms.maxWithdrawalAmount),
      fee: money(terms.payoutFee),
      feeText: toDecimalString(terms.payoutFee),
      rate: money(terms.rate),
    };
    PARSED.set(terms, parsed);
  }
  return parsed;
}

export async function checkWithdrawal(
  db: Executor,
  chains: { get(chainId: string): ChainAdapter | undefined },
  request: WithdrawalRequest,
  whitelist: AddressWhitelist,
  /** The platform's own addresses among the request's (`loadOwnAddresses`, once per request or group). */
  own: OwnAddresses,
  /** Where the coin's terms come from (a group of payouts loads each coin's once). */
  termsOf: (chainId: string, coinName: string) => Promise<CoinTerms | undefined> = (chainId, coinName) =>
    loadCoinTerms(db, chainId, coinName),
): Promise<CheckedWithdrawal> {
  const adapter = chains.get(request.chainId);
  if (!adapter) throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  const terms = await termsOf(request.chainId, request.coinName);
  if (!terms) {
    const fieldErrors = [{ field: 'coinName', key: 'validation.asset.coinNotOnChain' }];
    throw new AppError(request.payout ? ErrorCode.CURRENCY_NOT_SUPPORTED : ErrorCode.VALIDATION_FAILED, {
      fieldErrors,
    });
  }
  return { adapter, ...checkAgainstTerms(adapter, terms, request, whitelist, own) };
}
