import { money, toDecimalString } from '@tollgate/contracts';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { balances, type FUND_RECORD_TYPES, fundRecords } from '../../db/schema';
import { fundRecordHash, GENESIS_HASH } from './fund-record-hash';

/**
 * The one writer of balances and fund_records. Every balance change is a fund record, written
 * in the caller's transaction with whatever caused it (an order's credit, later a payout):
 * 1. one statement applies the change to the bucket and gives `after` (RETURNING): a credit
 *    upserts the balance row, a debit is a conditional UPDATE refusing to go below zero; its
 *    row lock serializes every writer of this merchant and currency until the transaction
 *    ends, so the hash chain below can never fork;
 * 2. before = after − change; the previous record's hash (now stable under the lock) links
 *    the new record, whose hash covers its canonical content.
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
 * One statement either way, which locks the balance row until the transaction ends: a credit
 * upserts (a new row starts at the change), a debit is a conditional UPDATE that matches no row
 * when it would go below zero (or when there is no balance at all).
 */
async function applyChange(
  tx: Executor,
  merchantId: number,
  currency: string,
  bucket: Bucket,
  change: string,
  now: Date,
) {
  const column = bucket === 'available' ? balances.available : balances.frozen;
  const moved = sql`${column} + cast(${change} as numeric)`;
  const set =
    bucket === 'available' ? { available: moved, updatedAt: now } : { frozen: moved, updatedAt: now };
  if (!change.startsWith('-')) {
    const [row] = await tx
      .insert(balances)
      .values({ merchantId, coinName: currency, [bucket]: change, updatedAt: now })
      .onConflictDoUpdate({ target: [balances.merchantId, balances.coinName], set })
      .returning({ after: column });
    return row;
  }
  const [row] = await tx
    .update(balances)
    .set(set)
    .where(and(eq(balances.merchantId, merchantId), eq(balances.coinName, currency), sql`${moved} >= 0`))
    .returning({ after: column });
  return row;
}

export async function postFundRecord(tx: Executor, input: FundRecordInput): Promise<FundRecordRow> {
  const { merchantId, currency, bucket, now } = input;
  const change = toDecimalString(input.change);
  const updated = await applyChange(tx, merchantId, currency, bucket, change, now);
  if (!updated) throw new InsufficientBalanceError(merchantId, currency, bucket);

  const balanceAfter = toDecimalString(updated.after);
  const balanceBefore = toDecimalString(money(balanceAfter).minus(change));
  const [previous] = await tx
    .select({ hash: fundRecords.hash })
    .from(fundRecords)
    .where(and(eq(fundRecords.merchantId, merchantId), eq(fundRecords.currency, currency)))
    .orderBy(desc(fundRecords.id))
    .limit(1);
  const prevHash = previous?.hash ?? GENESIS_HASH;
  const fields = {
    merchantId,
    currency,
    type: input.type,
    bucket,
    orderNo: input.orderNo,
    txHash: input.txHash,
    address: input.address,
    network: input.network,
    amount: toDecimalString(input.amount),
    fee: toDecimalString(input.fee),
    status: input.status,
    balanceBefore,
    changeAmount: change,
    balanceAfter,
    createdAt: now,
  };
  const row = { ...fields, prevHash, hash: fundRecordHash(prevHash, fields) };
  const [inserted] = await tx.insert(fundRecords).values(row).returning({ id: fundRecords.id });
  if (!inserted) throw new Error('postFundRecord: the insert returned no row');
  return { id: inserted.id, ...row };
}
