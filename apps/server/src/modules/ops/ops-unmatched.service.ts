import {
  ErrorCode,
  type OpsUnmatchedTransfer,
  type opsUnmatchedPageBody,
  toDecimalString,
} from '@tollgate/contracts';
import { and, count, desc, eq, inArray, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { chainTransfers, depositAddresses, merchants, orders } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../types';
import { entries, postEntry } from '../books/platform-books';
import { postFundRecord } from '../ledger/post-fund-record';
import { newDepositNo } from '../orders/order-number';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';

/**
 * Unmatched transfers (issue 32 §4): transfers to a watched address that no rule credits (the
 * watcher records them `unmatched`). An operator settles each once:
 * - credit: in one transaction, the transfer moves unmatched → credited (only from unmatched:
 *   of two operators, one wins; the other gets 3206), the address owner's balance in the
 *   transfer's coin gets a `deposit` fund record under a platform number (`DP…`), the platform
 *   books move the receipt to what is owed to merchants, and the audit log names the operator;
 * - return: sent back to its sender from the hot wallet (ops-unmatched-return.ts).
 */
type PageBody = z.output<typeof opsUnmatchedPageBody>;
type Status = OpsUnmatchedTransfer['status'];
const UNMATCHED_STATUSES: readonly Status[] = ['unmatched', 'returning', 'returned', 'credited'];

const orderMerchants = alias(merchants, 'order_merchants');
const depositMerchants = alias(merchants, 'deposit_merchants');

function selectUnmatched(db: Executor) {
  return db
    .select({
      transfer: chainTransfers,
      orderNo: orders.orderNo,
      orderCurrency: orders.currency,
      orderMerchantId: orders.merchantId,
      orderMerchantEmail: orderMerchants.email,
      depositMerchantId: depositAddresses.merchantId,
      depositMerchantEmail: depositMerchants.email,
      // The latest return's transaction: the mined one, else the latest signed.
      returnTxHash: sql<string | null>`(
        select coalesce(s.mined_tx_hash, (select t.tx_hash from chain_send_txs t where t.send_id = s.id order by t.id desc limit 1))
        from chain_sends s
        where s.kind = 'return' and s.ref like ${chainTransfers.id}::text || ':%'
        order by s.id desc limit 1)`,
    })
    .from(chainTransfers)
    .leftJoin(orders, eq(orders.id, chainTransfers.orderId))
    .leftJoin(orderMerchants, eq(orderMerchants.id, orders.merchantId))
    .leftJoin(depositAddresses, eq(depositAddresses.id, chainTransfers.depositAddressId))
    .leftJoin(depositMerchants, eq(depositMerchants.id, depositAddresses.merchantId));
}
type UnmatchedRow = Awaited<ReturnType<ReturnType<typeof selectUnmatched>['where']>>[number];

function toUnmatched(row: UnmatchedRow): OpsUnmatchedTransfer {
  const t = row.transfer;
  const isOrder = t.orderId !== null;
  return {
    id: t.id,
    chainId: t.chainId,
    coinName: t.coinName,
    amount: toDecimalString(t.amount),
    txHash: t.txHash,
    logIndex: t.logIndex,
    fromAddress: t.fromAddress,
    toAddress: t.toAddress,
    blockHeight: t.blockHeight,
    seenAt: t.seenAt.toISOString(),
    status: t.status as Status,
    owner: {
      merchantId: (isOrder ? row.orderMerchantId : row.depositMerchantId) ?? 0,
      merchantEmail: (isOrder ? row.orderMerchantEmail : row.depositMerchantEmail) ?? '',
      kind: isOrder ? 'order' : 'deposit',
      orderNo: row.orderNo,
      orderCurrency: row.orderCurrency,
    },
    returnTxHash: row.returnTxHash,
  };
}

export async function listUnmatched(db: Database, body: PageBody) {
  const where: SQL | undefined = body.status
    ? eq(chainTransfers.status, body.status)
    : eq(chainTransfers.status, 'unmatched');
  const [total] = await db.select({ total: count() }).from(chainTransfers).where(where);
  const rows = await selectUnmatched(db)
    .where(where)
    .orderBy(desc(chainTransfers.id))
    .limit(body.pageSize)
    .offset((body.pageNo - 1) * body.pageSize);
  return {
    list: rows.map(toUnmatched),
    total: total?.total ?? 0,
    pageNo: body.pageNo,
    pageSize: body.pageSize,
  };
}

export async function findUnmatched(db: Executor, id: number): Promise<OpsUnmatchedTransfer> {
  const [row] = await selectUnmatched(db)
    .where(and(eq(chainTransfers.id, id), inArray(chainTransfers.status, [...UNMATCHED_STATUSES])))
    .limit(1);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return toUnmatched(row);
}

export async function creditUnmatched(
  deps: { db: Database; now: Clock },
  operator: OperatorSession,
  id: number,
  ip: string,
): Promise<OpsUnmatchedTransfer> {
  const found = await findUnmatched(deps.db, id);
  if (found.status !== 'unmatched') throw settled(found.status);
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const [transfer] = await tx
      .update(chainTransfers)
      .set({
        status: 'credited',
        creditedAt: now,
        depositNo: sql`coalesce(${chainTransfers.depositNo}, ${newDepositNo(now)})`,
      })
      .where(and(eq(chainTransfers.id, id), eq(chainTransfers.status, 'unmatched')))
      .returning();
    if (!transfer) throw settled('credited');
    await postFundRecord(tx, {
      merchantId: found.owner.merchantId,
      currency: transfer.coinName,
      type: 'deposit',
      bucket: 'available',
      change: transfer.amount,
      amount: transfer.amount,
      fee: '0',
      orderNo: transfer.depositNo,
      txHash: transfer.txHash,
      address: transfer.toAddress,
      network: transfer.chainId,
      status: 'completed',
      now,
    });
    await postEntry(tx, {
      ref: `credit:${transfer.id}`,
      chainId: transfer.chainId,
      lines: entries.credited({ coinName: transfer.coinName, amount: transfer.amount, fee: '0' }),
      now,
    });
    await writeAudit(tx, {
      operator,
      action: 'unmatched_credit',
      target: `transfer:${transfer.chainId}:${transfer.txHash}:${transfer.logIndex}`,
      before: { status: 'unmatched' },
      after: {
        status: 'credited',
        merchantId: found.owner.merchantId,
        coinName: transfer.coinName,
        amount: toDecimalString(transfer.amount),
        depositNo: transfer.depositNo,
      },
      ip,
      at: now,
    });
  });
  return findUnmatched(deps.db, id);
}

export function settled(status: string): AppError {
  return new AppError(ErrorCode.UNMATCHED_SETTLED, { details: { status } });
}
