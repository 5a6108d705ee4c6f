import {
  type DepositStatus,
  type TransactionRecord,
  type TransactionRecordPage,
  toDecimalString,
  type transactionRecordBody,
} from '@tollgate/contracts';
import { and, count, desc, eq, gte, inArray, lt, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { searchableTxHash } from '../../chains/addresses';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { Database } from '../../db/client';
import { chainTransfers, depositAddresses } from '../../db/schema';

/**
 * POST /front/merchant/account/transaction-record: the merchant's deposits (transfers seen to
 * their deposit addresses) or withdrawals, newest first, filtered, paged. A deposit is shown as
 * confirming, completed (credited) or below_minimum (recorded, never credited); an ignored one
 * (the platform's own gas top-up) or an unmatched one (a coin the chain does not carry: the
 * operator's queue) is not a deposit and is not listed. A credited deposit whose block a deep
 * reorg orphaned (`reorged`) stays completed: its credit stands, the operator's alert lists it.
 */
type Body = z.output<typeof transactionRecordBody>;

export interface TransactionRecordDeps {
  db: Database;
  chains: { get(chainId: string): ChainAdapter | undefined };
}

type ListedStatus = 'confirming' | 'credited' | 'reorged' | 'below_minimum';
const DEPOSIT_STATUS: Record<DepositStatus, ListedStatus[]> = {
  confirming: ['confirming'],
  completed: ['credited', 'reorged'],
  below_minimum: ['below_minimum'],
};

function isDepositStatus(status: string): status is DepositStatus {
  return Object.hasOwn(DEPOSIT_STATUS, status);
}

export async function listTransactionRecords(
  deps: TransactionRecordDeps,
  merchantId: number,
  body: Body,
  withdrawals: (merchantId: number, body: Body) => Promise<TransactionRecordPage>,
): Promise<TransactionRecordPage> {
  if (body.type === 'withdrawal') return withdrawals(merchantId, body);
  return listDeposits(deps, merchantId, body);
}

/**
 * The list call's filters as conditions on chain_transfers joined to deposit_addresses (the
 * exports read the same rows); null when nothing can match (a withdrawal's status).
 */
export function depositConditions(
  merchantId: number,
  body: Omit<Body, 'pageNo' | 'pageSize' | 'type'>,
): SQL[] | null {
  if (body.status !== undefined && !isDepositStatus(body.status)) return null;
  return [
    eq(depositAddresses.merchantId, merchantId),
    body.status
      ? inArray(chainTransfers.status, DEPOSIT_STATUS[body.status as DepositStatus])
      : inArray(chainTransfers.status, ['confirming', 'credited', 'reorged', 'below_minimum']),
    body.coinName ? eq(chainTransfers.coinName, body.coinName) : undefined,
    body.timeFrom ? gte(chainTransfers.seenAt, new Date(body.timeFrom)) : undefined,
    body.timeTo ? lt(chainTransfers.seenAt, new Date(body.timeTo)) : undefined,
    body.hash ? eq(chainTransfers.txHash, searchableTxHash(body.hash)) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

async function listDeposits(
  deps: TransactionRecordDeps,
  merchantId: number,
  body: Body,
): Promise<TransactionRecordPage> {
  const { pageNo, pageSize } = body;
  const where = depositConditions(merchantId, body);
  if (!where) return { list: [], total: 0, pageNo, pageSize };
  const condition = and(...where);
  const [counted] = await deps.db
    .select({ total: count() })
    .from(chainTransfers)
    .innerJoin(depositAddresses, eq(depositAddresses.id, chainTransfers.depositAddressId))
    .where(condition);
  const rows = await deps.db
    .select({ transfer: chainTransfers })
    .from(chainTransfers)
    .innerJoin(depositAddresses, eq(depositAddresses.id, chainTransfers.depositAddressId))
    .where(condition)
    .orderBy(desc(chainTransfers.id))
    .limit(pageSize)
    .offset((pageNo - 1) * pageSize);

  const heads = new Map<string, { head: number; required: number } | null>();
  for (const chainId of new Set(rows.map((row) => row.transfer.chainId))) {
    const adapter = deps.chains.get(chainId);
    heads.set(
      chainId,
      adapter ? { head: await adapter.headHeight(), required: adapter.confirmations } : null,
    );
  }
  const list = rows.map(({ transfer: t }): TransactionRecord => {
    const chain = heads.get(t.chainId);
    return {
      // Its platform number (issue 31; deposits seen before it have one from migration 0021).
      id: t.depositNo ?? `${t.chainId}:${t.txHash}:${t.logIndex}`,
      type: 'deposit',
      coinName: t.coinName,
      chainId: t.chainId,
      address: t.toAddress,
      fromAddress: t.fromAddress,
      amount: toDecimalString(t.amount),
      fee: '0',
      txHash: t.txHash,
      status:
        t.status === 'credited' || t.status === 'reorged'
          ? 'completed'
          : t.status === 'below_minimum'
            ? 'below_minimum'
            : 'confirming',
      confirmations: chain ? Math.max(chain.head - t.blockHeight + 1, 0) : 0,
      confirmationsRequired: chain?.required ?? 0,
      reason: null,
      withdrawalSource: null,
      payoutOrderNo: null,
      createdAt: t.seenAt.toISOString(),
      updatedAt: (t.creditedAt ?? t.seenAt).toISOString(),
    };
  });
  return { list, total: counted?.total ?? 0, pageNo, pageSize };
}
