import {
  type TransactionRecord,
  type TransactionRecordPage,
  type transactionRecordBody,
  WITHDRAWAL_STATUS_VALUES,
  type WithdrawalStatus,
} from '@tollgate/contracts';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { chainSends } from '../../db/schema';
import type { TransactionRecordDeps } from './transaction-records';
import { pageWithdrawals } from './withdrawal.repository';
import { toWithdrawalObject } from './withdrawal.service';

/** The withdrawal half of POST /merchant/account/transaction-record: the merchant's own, newest first. */
type Body = z.output<typeof transactionRecordBody>;

export const isWithdrawalStatus = (status: string): status is WithdrawalStatus =>
  (WITHDRAWAL_STATUS_VALUES as readonly string[]).includes(status);

export async function listWithdrawalRecords(
  deps: TransactionRecordDeps,
  merchantId: number,
  body: Body,
): Promise<TransactionRecordPage> {
  const { pageNo, pageSize, status, ...filters } = body;
  if (status !== undefined && !isWithdrawalStatus(status)) return { list: [], total: 0, pageNo, pageSize };
  const { rows, total } = await pageWithdrawals(
    deps.db,
    merchantId,
    { ...filters, status },
    { pageNo, pageSize },
  );
  const heads = new Map<string, { head: number; required: number } | null>();
  for (const chainId of new Set(
    rows.filter(({ withdrawal }) => withdrawal.txHash).map(({ withdrawal }) => withdrawal.chainId),
  )) {
    const adapter = deps.chains.get(chainId);
    heads.set(
      chainId,
      adapter ? { head: await adapter.headHeight(), required: adapter.confirmations } : null,
    );
  }
  const mined = await minedHeights(
    deps.db,
    rows.filter(({ withdrawal }) => withdrawal.txHash).map(({ withdrawal }) => withdrawal.withdrawalNo),
  );
  const list = await Promise.all(
    rows.map(async ({ withdrawal: row, payoutOrderNo }): Promise<TransactionRecord> => {
      const withdrawal = toWithdrawalObject(row);
      const chain = heads.get(row.chainId);
      const adapter = deps.chains.get(row.chainId);
      // The send's mined height as the chain's watcher last recorded it (chain_sends).
      const minedHeight = mined.get(row.withdrawalNo) ?? null;
      const confirmations = chain && minedHeight !== null ? Math.max(chain.head - minedHeight + 1, 0) : 0;
      return {
        id: withdrawal.withdrawalNo,
        type: 'withdrawal',
        coinName: withdrawal.coinName,
        chainId: withdrawal.chainId,
        address: withdrawal.address,
        fromAddress: null,
        amount: withdrawal.amount,
        fee: withdrawal.fee,
        txHash: withdrawal.txHash,
        status: withdrawal.status,
        confirmations,
        confirmationsRequired: adapter?.confirmations ?? 0,
        reason: withdrawal.reason,
        withdrawalSource: row.source,
        payoutOrderNo,
        createdAt: withdrawal.createdAt,
        updatedAt: withdrawal.updatedAt,
      };
    }),
  );
  return { list, total, pageNo, pageSize };
}

/** The mined height of each withdrawal's send, by withdrawal number (sends not mined are left out). */
async function minedHeights(db: Executor, withdrawalNos: string[]): Promise<Map<string, number>> {
  if (withdrawalNos.length === 0) return new Map();
  const rows = await db
    .select({ ref: chainSends.ref, height: chainSends.minedHeight })
    .from(chainSends)
    .where(
      and(
        eq(chainSends.kind, 'withdrawal'),
        inArray(chainSends.ref, withdrawalNos),
        isNotNull(chainSends.minedHeight),
      ),
    );
  return new Map(rows.flatMap((row) => (row.height === null ? [] : [[row.ref, row.height] as const])));
}
