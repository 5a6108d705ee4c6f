import type { TransactionRecord } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { addSeen, showsNewSettlement } from './transaction-records';

function record(id: string, status: TransactionRecord['status'], createdAt: string): TransactionRecord {
  return {
    id,
    type: 'deposit',
    coinName: 'USDT',
    chainId: 'TRON',
    address: 'TJCnKsPa7y5okkXvQAidZBzqx3QyQ6sxMW',
    fromAddress: null,
    amount: '1000',
    fee: '0',
    txHash: null,
    status,
    confirmations: 0,
    confirmationsRequired: 1,
    reason: null,
    withdrawalSource: null,
    payoutOrderNo: null,
    createdAt,
    updatedAt: createdAt,
  };
}

const OLD = record('D1', 'completed', '2026-11-25T10:00:00.000Z');

describe('when the records list says a balance changed', () => {
  it('never on the first reading: the balances were read with it', () => {
    expect(showsNewSettlement(null, [OLD])).toBe(false);
  });

  it('when a record seen moving has settled', () => {
    const moving = record('D2', 'confirming', '2026-11-25T11:00:00.000Z');
    const seen = addSeen(null, [moving, OLD]);
    expect(showsNewSettlement(seen, [moving, OLD])).toBe(false);
    expect(showsNewSettlement(seen, [{ ...moving, status: 'completed' }, OLD])).toBe(true);
  });

  it('when a record newer than any seen arrives settled (confirmed between two readings)', () => {
    const seen = addSeen(null, [OLD]);
    expect(showsNewSettlement(seen, [record('D2', 'completed', '2026-11-25T11:00:00.000Z'), OLD])).toBe(true);
    // Arriving still moving is no balance change yet.
    expect(showsNewSettlement(seen, [record('D2', 'confirming', '2026-11-25T11:00:00.000Z'), OLD])).toBe(
      false,
    );
  });

  it('not for older records another page or filter shows, and not twice for one change', () => {
    const newer = record('D3', 'completed', '2026-11-25T12:00:00.000Z');
    let seen = addSeen(null, [newer]);
    expect(showsNewSettlement(seen, [OLD])).toBe(false);
    seen = addSeen(seen, [OLD]);
    const arrived = record('D4', 'completed', '2026-11-25T13:00:00.000Z');
    expect(showsNewSettlement(seen, [arrived, newer])).toBe(true);
    seen = addSeen(seen, [arrived, newer]);
    expect(showsNewSettlement(seen, [arrived, newer])).toBe(false);
  });
});
