import { type Money, money, moneyText, toDecimalString } from '@tollgate/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertJsonRows } from '../../db/json-insert';
import { balances, type FUND_RECORD_TYPES, fundRecords } from '../../db/schema';
import { billDelta, type DailyStatDelta, dailyStatsUpsert, mergeDailyStats } from '../reports/daily-stats';
import { fundRecordHash, GENESIS_HASH } from './fund-record-hash';

/**
 * The one writer of balances and fund_records. Every balance change is a fund record, written
 * in the caller's transaction with whatever caused it (an order's credit, a withdrawal's freeze),
 * one record (postFundRecord) or many at once (postFundRecords, the same rules):
 * 1. one statement applies the change to the balance row and gives `after` (RETURNING): a
 *    credit upserts the row, a debit is a conditional UPDATE refusing to go below zero; its
 *    row lock serializes every writer of this merchant and currency until the transaction
 *    ends, so the hash chain below can never fork;
 * 2. before = after − change; the previous record's hash (now stable under the lock) links
 *    the new record, whose hash covers its canonical content;
 * 3. the reports' aggregates (merchant_daily_stats) take each record's bill figures, and any
 *    other deltas the caller passes (an order's or a withdrawal's completion), in the statement
 *    that inserts the records (a CTE), so they can never differ from the ledger.
 */
export type FundRecordType = (typeof FUND_RECORD_TYPES)[number];
export type FundRecordRow = typeof fundRecords.$inferSelect;
export type Bucket = 'available' | 'frozen';

export interface FundRecordInput {
  merchantId: number;
  currency: string;
  type: FundRecordType;
  bucket: Bucket;
  /** Signed decimal string moved into (+) or out of (−) the bucket. */
  change: string;
  /** What the record is about, e.g. what arrived for a collection (before the fee). */
  amount: string;
  fee: string;
  orderNo: string | null;
  txHash: string | null;
  address: string | null;
  network: string | null;
  status: string;
  now: Date;
}

/** The change would take the bucket below zero: nothing was written. */
export class InsufficientBalanceError extends Error {
  constructor(
    readonly merchantId: number,
    readonly currency: string,
    readonly bucket: Bucket,
  ) {
    super(`insufficient ${bucket} ${currency} balance for merchant ${merchantId}`);
    this.name = 'InsufficientBalanceError';
  }
}

/**
 * One statement for a balance row (a merchant and currency), whatever its records move: both
 * buckets' net changes at once, which locks the row until the transaction ends. When neither
 * net is negative it upserts (a new row starts at the changes); otherwise it is a conditional
 * UPDATE that matches no row when a bucket would go below zero (or when there is no balance).
 */
async function applyNet(
  tx: Executor,
  merchantId: number,
  currency: string,
  net: { available: Money; frozen: Money },
  now: Date,
): Promise<{ available: string; frozen: string } | undefined> {
  const available = moneyText(net.available);
  const frozen = moneyText(net.frozen);
  const set = {
    available: sql`${balances.available} + cast(${available} as numeric)`,
    frozen: sql`${balances.frozen} + cast(${frozen} as numeric)`,
    updatedAt: now,
  };
  const after = { available: balances.available, frozen: balances.frozen };
  if (net.available.greaterThanOrEqualTo(0) && net.frozen.greaterThanOrEqualTo(0)) {
    const [row] = await tx
      .insert(balances)
      .values({ merchantId, coinName: currency, available, frozen, updatedAt: now })
      .onConflictDoUpdate({ target: [balances.merchantId, balances.coinName], set })
      .returning(after);
    return row;
  }
  const [row] = await tx
    .update(balances)
    .set(set)
    .where(
      and(
        eq(balances.merchantId, merchantId),
        eq(balances.coinName, currency),
        sql`${set.available} >= 0`,
        sql`${set.frozen} >= 0`,
      ),
    )
    .returning(after);
  return row;
}

export async function postFundRecord(
  tx: Executor,
  input: FundRecordInput,
  stats: readonly DailyStatDelta[] = [],
): Promise<FundRecordRow> {
  const [row] = await postFundRecords(tx, [input], stats);
  if (!row) throw new Error('postFundRecord: no record written');
  return row;
}

/**
 * Many records at once, exactly as if each were posted by postFundRecord in the given order
 * (same balances, befores, afters and hash chain), in a few statements whatever their number:
 * 1. per balance row touched, in one order (merchant, then currency, so two writers never lock
 *    crosswise), one statement applies the net change of each bucket (applyNet);
 * 2. the befores and afters are walked back from there in the given order; a record that would
 *    take its bucket below zero at its turn (a debit met before the credit that covers it)
 *    throws InsufficientBalanceError, as posting it alone would have;
 * 3. the previous hash of each chain, read under that lock, links the first of its records;
 * 4. the records are inserted in the given order, in one INSERT (insertJsonRows: ids ascend in
 *    that order), whose CTE adds them and `stats` to the reports' daily aggregates.
 * A 10,000-row batch freezes in about a dozen statements instead of 60,000.
 */
export async function postFundRecords(
  tx: Executor,
  inputs: readonly FundRecordInput[],
  stats: readonly DailyStatDelta[] = [],
): Promise<FundRecordRow[]> {
  if (inputs.length === 0) return [];
  // In the ledger's form first (at most 18 decimals), as postFundRecord always wrote a change.
  const changes = inputs.map((input) => money(toDecimalString(input.change)));
  interface Chain {
    merchantId: number;
    currency: string;
    net: { available: Money; frozen: Money };
    running: { available: Money; frozen: Money };
    prevHash: string;
    now: Date;
  }
  const chains = new Map<string, Chain>();
  inputs.forEach((input, i) => {
    const key = `${input.merchantId}:${input.currency}`;
    let chain = chains.get(key);
    if (!chain) {
      const zero = { available: money('0'), frozen: money('0') };
      chain = {
        merchantId: input.merchantId,
        currency: input.currency,
        net: zero,
        running: zero,
        prevHash: GENESIS_HASH,
        now: input.now,
      };
      chains.set(key, chain);
    }
    chain.now = input.now;
    const change = changes[i] as Money;
    chain.net = { ...chain.net, [input.bucket]: chain.net[input.bucket].plus(change) };
  });
  const ordered = [...chains.values()].sort((a, b) =>
    a.merchantId !== b.merchantId
      ? a.merchantId - b.merchantId
      : a.currency < b.currency
        ? -1
        : a.currency > b.currency
          ? 1
          : 0,
  );
  for (const chain of ordered) {
    const after = await applyNet(tx, chain.merchantId, chain.currency, chain.net, chain.now);
    if (!after) {
      const bucket = chain.net.available.lessThan(0) ? 'available' : 'frozen';
      throw new InsufficientBalanceError(chain.merchantId, chain.currency, bucket);
    }
    chain.running = {
      available: money(after.available).minus(chain.net.available),
      frozen: money(after.frozen).minus(chain.net.frozen),
    };
    const [previous] = await tx
      .select({ hash: fundRecords.hash })
      .from(fundRecords)
      .where(and(eq(fundRecords.merchantId, chain.merchantId), eq(fundRecords.currency, chain.currency)))
      .orderBy(desc(fundRecords.id))
      .limit(1);
    chain.prevHash = previous?.hash ?? GENESIS_HASH;
  }

  const rows = inputs.map((input, i) => {
    const chain = chains.get(`${input.merchantId}:${input.currency}`) as Chain;
    const change = changes[i] as Money;
    const before = chain.running[input.bucket];
    const after = before.plus(change);
    if (after.lessThan(0)) throw new InsufficientBalanceError(input.merchantId, input.currency, input.bucket);
    chain.running = { ...chain.running, [input.bucket]: after };
    const fields = {
      merchantId: input.merchantId,
      currency: input.currency,
      type: input.type,
      bucket: input.bucket,
      orderNo: input.orderNo,
      txHash: input.txHash,
      address: input.address,
      network: input.network,
      amount: toDecimalString(input.amount),
      fee: toDecimalString(input.fee),
      status: input.status,
      balanceBefore: moneyText(before),
      changeAmount: moneyText(change),
      balanceAfter: moneyText(after),
      createdAt: input.now,
    };
    const prevHash = chain.prevHash;
    const hash = fundRecordHash(prevHash, fields);
    chain.prevHash = hash;
    return { ...fields, prevHash, hash };
  });

  const deltas = mergeDailyStats([...rows.map(billDelta), ...stats]);
  const ids = await insertJsonRows(tx, fundRecords, rows, {
    returning: ['id'],
    with: dailyStatsUpsert(deltas),
  });
  if (ids.length !== rows.length) throw new Error('postFundRecords: the insert returned fewer rows');
  const written = rows.map((row, i) => ({ id: (ids[i] as { id: number }).id, ...row }));
  // The chains rest on insertion order: ids must ascend in the order given.
  for (let i = 1; i < written.length; i++) {
    if ((written[i] as FundRecordRow).id <= (written[i - 1] as FundRecordRow).id) {
      throw new Error('postFundRecords: ids out of order');
    }
  }
  return written;
}
