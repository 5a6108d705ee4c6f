import {
  ErrorCode,
  OPS_ALL_STATUSES,
  type OpsWithdrawal,
  type OpsWithdrawalDetail,
  type opsApproveBody,
  type opsRejectBody,
  type opsWithdrawalPageBody,
  toDecimalString,
} from '@tollgate/contracts';
import type { z } from 'zod';
import { AppError, fieldError } from '../../lib/app-error';
import { shownWithdrawalStatus } from '../assets/withdrawal.repository';
import {
  approveWithdrawal,
  rejectWithdrawal,
  toWithdrawalObject,
  type WithdrawalDeps,
} from '../assets/withdrawal.service';
import { findMerchantById } from '../merchant/merchant.repository';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';
import { toOpsMerchant } from './ops-merchants.service';
import {
  addressHistory,
  findOpsWithdrawal,
  merchantHistory,
  type OpsWithdrawalRow,
  pageOpsWithdrawals,
} from './ops-withdrawal.repository';

/**
 * The review queue. Approve and reject are the withdrawal service's own transitions (from
 * pending_review only, so of two operators acting at once exactly one moves it; the other gets
 * 3204), with the audit row written inside their transaction through `onReviewed`. A payout's
 * order follows its withdrawal in that same transaction and its payout.* callback is queued
 * there (payout-sync.ts). The reviewer is recorded as the operator's email.
 */
export type OpsWithdrawalDeps = WithdrawalDeps & { jobs: { wake(): void } };

export function toOpsWithdrawal({ withdrawal, merchantEmail, orderNo }: OpsWithdrawalRow): OpsWithdrawal {
  return {
    ...toWithdrawalObject(withdrawal),
    merchantId: withdrawal.merchantId,
    merchantEmail,
    source: withdrawal.source,
    orderNo,
    batchId: withdrawal.batchId,
    usdtValue: toDecimalString(withdrawal.usdtValue),
    test: withdrawal.test,
    failOnChain: withdrawal.failOnChain,
    reviewedBy: withdrawal.reviewedBy,
    reviewedAt: withdrawal.reviewedAt?.toISOString() ?? null,
  };
}

type PageInput = z.output<typeof opsWithdrawalPageBody>;

export async function listOpsWithdrawals(deps: Pick<WithdrawalDeps, 'db'>, body: PageInput) {
  const { rows, total } = await pageOpsWithdrawals(
    deps.db,
    {
      // Left out, the queue; `all`, no status condition at all.
      status: body.status === OPS_ALL_STATUSES ? undefined : (body.status ?? 'pending_review'),
      merchantId: body.merchantId,
      source: body.source,
    },
    body,
  );
  return { list: rows.map(toOpsWithdrawal), total, pageNo: body.pageNo, pageSize: body.pageSize };
}

async function requireWithdrawal(deps: Pick<WithdrawalDeps, 'db'>, withdrawalNo: string) {
  const found = await findOpsWithdrawal(deps.db, withdrawalNo);
  if (!found) throw new AppError(ErrorCode.NOT_FOUND);
  return found;
}

export async function getOpsWithdrawalDetail(
  deps: Pick<WithdrawalDeps, 'db'>,
  withdrawalNo: string,
): Promise<OpsWithdrawalDetail> {
  const found = await requireWithdrawal(deps, withdrawalNo);
  const merchant = await findMerchantById(deps.db, found.withdrawal.merchantId);
  if (!merchant) throw new AppError(ErrorCode.NOT_FOUND);
  const [summary, address, latest] = await Promise.all([
    toOpsMerchant(deps.db, merchant),
    addressHistory(deps.db, found.withdrawal),
    merchantHistory(deps.db, found.withdrawal),
  ]);
  return {
    withdrawal: toOpsWithdrawal(found),
    merchant: {
      id: summary.id,
      email: summary.email,
      status: summary.status,
      createdAt: summary.createdAt,
      autoApproveUsdt: summary.autoApproveUsdt,
      balances: summary.balances,
    },
    addressHistory: address.list.map(toOpsWithdrawal),
    addressStats: address.stats,
    merchantHistory: latest.map(toOpsWithdrawal),
  };
}

function notPending(status: string): AppError {
  return new AppError(ErrorCode.WITHDRAWAL_NOT_PENDING, { details: { status } });
}

/** The row as it is after a lost race, for the 3204's `data.status`. */
async function currentStatus(deps: Pick<WithdrawalDeps, 'db'>, withdrawalNo: string) {
  const found = await findOpsWithdrawal(deps.db, withdrawalNo);
  return found ? shownWithdrawalStatus(found.withdrawal.status) : 'unknown';
}

export async function approveOpsWithdrawal(
  deps: OpsWithdrawalDeps,
  operator: OperatorSession,
  body: z.output<typeof opsApproveBody>,
  ip: string,
): Promise<{ withdrawal: OpsWithdrawal }> {
  // Checked before anything is looked up: in live mode a transfer is never made to fail.
  if (body.failOnChain && deps.chains.mode !== 'devnet') {
    throw fieldError('failOnChain', 'validation.ops.failOnChainDevnetOnly');
  }
  const found = await requireWithdrawal(deps, body.withdrawalNo);
  if (found.withdrawal.status !== 'pending_review')
    throw notPending(shownWithdrawalStatus(found.withdrawal.status));
  const moved = await approveWithdrawal(deps, found.withdrawal.id, operator.email, {
    failOnChain: body.failOnChain,
    onReviewed: (tx, row, at) =>
      writeAudit(tx, {
        operator,
        action: 'withdrawal_approve',
        target: `withdrawal:${row.withdrawalNo}`,
        before: { status: 'pending_review' },
        after: { status: row.status, failOnChain: row.failOnChain },
        ip,
        at,
      }),
  });
  if (!moved) throw notPending(await currentStatus(deps, body.withdrawalNo));
  const after = await requireWithdrawal(deps, body.withdrawalNo);
  return { withdrawal: toOpsWithdrawal(after) };
}

export async function rejectOpsWithdrawal(
  deps: OpsWithdrawalDeps,
  operator: OperatorSession,
  body: z.output<typeof opsRejectBody>,
  ip: string,
): Promise<{ withdrawal: OpsWithdrawal }> {
  const found = await requireWithdrawal(deps, body.withdrawalNo);
  if (found.withdrawal.status !== 'pending_review')
    throw notPending(shownWithdrawalStatus(found.withdrawal.status));
  const rejected = await rejectWithdrawal(deps, found.withdrawal.id, operator.email, body.reason, {
    onReviewed: (tx, row, at) =>
      writeAudit(tx, {
        operator,
        action: 'withdrawal_reject',
        target: `withdrawal:${row.withdrawalNo}`,
        before: { status: 'pending_review' },
        after: { status: row.status },
        reason: body.reason,
        ip,
        at,
      }),
  });
  if (!rejected) throw notPending(await currentStatus(deps, body.withdrawalNo));
  return { withdrawal: toOpsWithdrawal({ ...found, withdrawal: rejected }) };
}
