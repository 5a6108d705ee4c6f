import { createHash } from 'node:crypto';
import { toDecimalString } from '@tollgate/contracts';

/**
 * The fund records' hash chain, per merchant and currency: each record's hash is
 * sha256(previous record's hash + its canonical serialization), the first one's previous hash
 * being GENESIS_HASH. A changed field changes the hash; a removed or reordered record breaks
 * the next one's link; verify-ledger.ts walks both.
 *
 * The canonical serialization is a JSON array in a fixed order (key order can never vary)
 * with amounts in the money module's canonical form ("10", not "10.000000000000000000", so a
 * value reads the same from either driver) and the time in ISO 8601 to the millisecond.
 */
export const GENESIS_HASH = '0'.repeat(64);

export interface HashedFundFields {
  merchantId: number;
  currency: string;
  type: string;
  bucket: string;
  orderNo: string | null;
  txHash: string | null;
  address: string | null;
  network: string | null;
  amount: string;
  fee: string;
  status: string;
  balanceBefore: string;
  changeAmount: string;
  balanceAfter: string;
  createdAt: Date;
}

export function canonicalFundRecord(r: HashedFundFields): string {
  return JSON.stringify([
    'fund/v1',
    r.merchantId,
    r.currency,
    r.type,
    r.bucket,
    r.orderNo,
    r.txHash,
    r.address,
    r.network,
    toDecimalString(r.amount),
    toDecimalString(r.fee),
    r.status,
    toDecimalString(r.balanceBefore),
    toDecimalString(r.changeAmount),
    toDecimalString(r.balanceAfter),
    r.createdAt.toISOString(),
  ]);
}

export function fundRecordHash(prevHash: string, record: HashedFundFields): string {
  return createHash('sha256').update(prevHash).update(canonicalFundRecord(record)).digest('hex');
}
