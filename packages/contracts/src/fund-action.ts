/**
 * What one fund record did (issue 31 §3, "Fund flow"). A withdrawal or payout moves its total
 * several times, each move its own record of the same type and order number: without this, a
 * withdrawal read as three identical "Withdrawal" rows. The action is read from the record's own
 * fields (its type, status and sign, all under the ledger's hash), so every record has one,
 * whenever it was written:
 * - `credit`: money in (a deposit, a collection: what was credited after the fee);
 * - `debit`: money out that is no withdrawal (none yet; an exchange's outgoing side);
 * - `freeze`: a withdrawal's or payout's total set aside, out of available (−) and into frozen (+);
 * - `settle`: the amount sent on chain leaves frozen (before issue 31, the whole total did);
 * - `fee`: the withdrawal's fee leaves frozen, with its settle;
 * - `release`: a rejected or failed withdrawal's total, out of frozen (−) and back into available (+).
 */
export const FUND_ACTION_VALUES = ['credit', 'debit', 'freeze', 'settle', 'fee', 'release'] as const;
export type FundAction = (typeof FUND_ACTION_VALUES)[number];

/** The status of a withdrawal's fee record (its settle is `completed`). */
export const FUND_FEE_STATUS = 'fee';

export function fundActionOf(record: { type: string; status: string; changeAmount: string }): FundAction {
  if (record.type === 'withdraw' || record.type === 'payout') {
    switch (record.status) {
      case FUND_FEE_STATUS:
        return 'fee';
      case 'completed':
        return 'settle';
      // `rejected` and `failed`: records written before the release had its own status.
      case 'released':
      case 'rejected':
      case 'failed':
        return 'release';
      default:
        // `frozen`, and the withdrawal's status of the time in older records.
        return 'freeze';
    }
  }
  return record.changeAmount.trim().startsWith('-') ? 'debit' : 'credit';
}
