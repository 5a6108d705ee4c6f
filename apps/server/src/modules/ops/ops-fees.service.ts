import {
  DEFAULT_CURRENCY,
  ErrorCode,
  money,
  type OpsFeeTable,
  type OpsFeeUpdateBody,
  type OpsRateUpdateBody,
  toDecimalString,
} from '@tollgate/contracts';
import { and, asc, eq } from 'drizzle-orm';
import type { Database, Executor } from '../../db/client';
import { coins, exchangeRates, feeRates } from '../../db/schema';
import { AppError, type FieldErrorKey, fieldError } from '../../lib/app-error';
import type { Clock } from '../../types';
import { listExchangeRates, listFeeRates } from '../reference/reference.repository';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';

/**
 * The fee table and the exchange rates, as the console edits them. Nothing in the server keeps
 * a copy: the rate page, withdrawal acceptance (withdrawal-rules.ts loadCoinTerms), payouts and
 * the collection watcher (collection-fee.ts) read fee_rates and exchange_rates on each use,
 * so an edit applies to the next request. What was already accepted keeps the fee it was
 * accepted with (withdrawals store theirs). Rules, each with its own localized message:
 * - a fee row exists only for a chain and coin the rate table has (1001 coinName);
 * - collection rate 0 ≤ r < 1 with at most 6 decimals (the column's scale);
 * - payout fee 0 ≤ fee ≤ 1e9 with at most the coin's decimals on that chain;
 * - a rate only for a known currency (not USDT itself, always 1), 0 < rate ≤ 1e9.
 */
export const FEE_MAX = '1000000000';
export const RATE_MAX = '1000000000';
const COLLECTION_RATE_DECIMALS = 6;

interface Deps {
  db: Database;
  now: Clock;
}

export async function getOpsFeeTable(db: Executor): Promise<OpsFeeTable> {
  const [fees, rates] = await Promise.all([listFeeRates(db), listExchangeRates(db)]);
  return {
    fees: fees.map((row) => ({
      chainId: row.chainId,
      coinName: row.coinName,
      collectionRate: toDecimalString(row.collectionRate),
      payoutFee: toDecimalString(row.payoutFee),
    })),
    rates: rates.map((row) => ({
      coinName: row.coinName,
      rate: toDecimalString(row.rate),
      updatedAt: row.updatedAt.toISOString(),
    })),
  };
}

function failed(errors: FieldErrorKey[]): AppError {
  return new AppError(ErrorCode.VALIDATION_FAILED, { fieldErrors: errors });
}

export async function updateOpsFee(
  deps: Deps,
  operator: OperatorSession,
  body: OpsFeeUpdateBody,
  ip: string,
): Promise<OpsFeeTable> {
  const chainId = body.chainId.trim();
  const coinName = body.coinName.trim();
  const [coin] = await deps.db
    .select({ decimals: coins.decimals })
    .from(coins)
    .innerJoin(feeRates, and(eq(feeRates.chainId, coins.chainId), eq(feeRates.coinName, coins.coinName)))
    .where(and(eq(coins.chainId, chainId), eq(coins.coinName, coinName)));
  if (!coin) throw fieldError('coinName', 'validation.asset.coinNotOnChain');
  const rate = money(body.collectionRate);
  const fee = money(body.payoutFee);
  const errors: FieldErrorKey[] = [];
  if (rate.isNegative() || rate.greaterThanOrEqualTo(1) || rate.decimalPlaces() > COLLECTION_RATE_DECIMALS) {
    errors.push({ field: 'collectionRate', key: 'validation.ops.collectionRate' });
  }
  if (fee.isNegative() || fee.greaterThan(FEE_MAX) || fee.decimalPlaces() > coin.decimals) {
    errors.push({
      field: 'payoutFee',
      key: 'validation.ops.payoutFee',
      params: { max: FEE_MAX, decimals: coin.decimals },
    });
  }
  if (errors.length > 0) throw failed(errors);
  const after = { collectionRate: toDecimalString(rate), payoutFee: toDecimalString(fee) };
  await deps.db.transaction(async (tx) => {
    const where = and(eq(feeRates.chainId, chainId), eq(feeRates.coinName, coinName));
    const [before] = await tx.select().from(feeRates).where(where).for('update');
    if (!before) throw fieldError('coinName', 'validation.asset.coinNotOnChain');
    const was = {
      collectionRate: toDecimalString(before.collectionRate),
      payoutFee: toDecimalString(before.payoutFee),
    };
    if (was.collectionRate === after.collectionRate && was.payoutFee === after.payoutFee) return;
    await tx.update(feeRates).set(after).where(where);
    await writeAudit(tx, {
      operator,
      action: 'fee_update',
      target: `fee:${chainId}/${coinName}`,
      before: was,
      after,
      ip,
      at: deps.now(),
    });
  });
  return getOpsFeeTable(deps.db);
}

export async function updateOpsRate(
  deps: Deps,
  operator: OperatorSession,
  body: OpsRateUpdateBody,
  ip: string,
): Promise<OpsFeeTable> {
  const coinName = body.coinName.trim();
  const [known] = await deps.db
    .select({ coinName: coins.coinName })
    .from(coins)
    .where(eq(coins.coinName, coinName))
    .orderBy(asc(coins.coinId))
    .limit(1);
  if (!known) throw fieldError('coinName', 'validation.ops.coinUnknown');
  // USDT is the quote itself: its rate is 1 by definition.
  if (coinName === DEFAULT_CURRENCY) throw fieldError('coinName', 'validation.ops.usdtRateFixed');
  const rate = money(body.rate);
  if (!rate.greaterThan(0) || rate.greaterThan(RATE_MAX)) {
    throw failed([{ field: 'rate', key: 'validation.ops.rate', params: { max: RATE_MAX } }]);
  }
  const value = toDecimalString(rate);
  await deps.db.transaction(async (tx) => {
    const at = deps.now();
    const [before] = await tx
      .select()
      .from(exchangeRates)
      .where(eq(exchangeRates.coinName, coinName))
      .for('update');
    if (before && toDecimalString(before.rate) === value) return;
    await tx
      .insert(exchangeRates)
      .values({ coinName, rate: value, updatedAt: at })
      .onConflictDoUpdate({ target: exchangeRates.coinName, set: { rate: value, updatedAt: at } });
    await writeAudit(tx, {
      operator,
      action: 'rate_update',
      target: `rate:${coinName}`,
      before: before ? { rate: toDecimalString(before.rate) } : null,
      after: { rate: value },
      ip,
      at,
    });
  });
  return getOpsFeeTable(deps.db);
}
