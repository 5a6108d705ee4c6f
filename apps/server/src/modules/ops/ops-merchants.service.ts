import {
  ErrorCode,
  money,
  type OpsAutoApproveBody,
  type OpsMerchant,
  type opsMerchantPageBody,
  type opsMerchantStatusBody,
  toDecimalString,
} from '@tollgate/contracts';
import { and, count, desc, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Database, Executor } from '../../db/client';
import { containsPattern } from '../../db/like';
import { merchants } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../types';
import { revokeMerchantSessions } from '../auth/session.repository';
import { computeAccountInfo } from '../merchant/account-balance';
import { listBalanceRows } from '../merchant/balance.repository';
import { findMerchantById, type MerchantRow } from '../merchant/merchant.repository';
import type { OperatorSession } from './operator-session.service';
import { writeAudit } from './ops-audit';
import { pendingReviewCounts } from './ops-withdrawal.repository';

/**
 * Merchants as the console sees them, and the two things an operator changes on one:
 * - status: disabling revokes every session in the same transaction; from then on login answers
 *   1102, a kept token 4000, and its signed /api/v1 calls 2001 (api-auth.ts reads the status).
 *   Its withdrawals are left as they are: pending ones stay in the review queue for an
 *   operator to decide, processing ones finish on chain, since money already frozen for a
 *   transfer is the merchant's either way. Enabling lets the merchant log in again;
 * - the auto-approve threshold in USDT (0 = review everything), exact NUMERIC, 0 to 1e9.
 * Each change is written to the audit log in its own transaction, with before and after.
 */
export const AUTO_APPROVE_MAX_USDT = '1000000000';

interface Deps {
  db: Database;
  now: Clock;
}

export async function toOpsMerchant(db: Executor, row: MerchantRow, pending?: number): Promise<OpsMerchant> {
  const info = computeAccountInfo(await listBalanceRows(db, row.id));
  const pendingReview = pending ?? (await pendingReviewCounts(db, [row.id])).get(row.id) ?? 0;
  return {
    id: row.id,
    email: row.email,
    status: row.status,
    createdAt: row.createdAt.toISOString(),
    autoApproveUsdt: toDecimalString(row.autoApproveUsdt),
    totalUsdt: info.totalBalance,
    // Only the currencies the merchant holds or held: a list of zeros says nothing.
    balances: info.userBalanceList
      .filter((entry) => !money(entry.available).isZero() || !money(entry.frozen).isZero())
      .map(({ coinName, available, frozen }) => ({ coinName, available, frozen })),
    pendingReview,
  };
}

type PageInput = z.output<typeof opsMerchantPageBody>;

export async function listOpsMerchants(deps: Pick<Deps, 'db'>, body: PageInput) {
  const keyword = body.keyword?.trim();
  const byKeyword = keyword
    ? or(
        ilike(merchants.email, containsPattern(keyword)),
        /^\d{1,15}$/.test(keyword) ? eq(merchants.id, Number(keyword)) : undefined,
      )
    : undefined;
  const where = and(
    ...[byKeyword, body.status ? eq(merchants.status, body.status) : undefined].filter(
      (c): c is SQL => c !== undefined,
    ),
  );
  const [counted] = await deps.db.select({ total: count() }).from(merchants).where(where);
  const rows = await deps.db
    .select()
    .from(merchants)
    .where(where)
    .orderBy(desc(merchants.id))
    .limit(body.pageSize)
    .offset((body.pageNo - 1) * body.pageSize);
  const pending = await pendingReviewCounts(
    deps.db,
    rows.map((row) => row.id),
  );
  const list = await Promise.all(rows.map((row) => toOpsMerchant(deps.db, row, pending.get(row.id) ?? 0)));
  return { list, total: counted?.total ?? 0, pageNo: body.pageNo, pageSize: body.pageSize };
}

async function requireMerchant(db: Executor, merchantId: number): Promise<MerchantRow> {
  const row = await findMerchantById(db, merchantId);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return row;
}

export async function setOpsMerchantStatus(
  deps: Deps,
  operator: OperatorSession,
  body: z.output<typeof opsMerchantStatusBody>,
  ip: string,
): Promise<{ merchant: OpsMerchant }> {
  await requireMerchant(deps.db, body.merchantId);
  await deps.db.transaction(async (tx) => {
    const at = deps.now();
    // Locked, so two operators flipping it at once write two honest audit rows.
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, body.merchantId)).for('update');
    if (!before || before.status === body.status) return;
    await tx.update(merchants).set({ status: body.status }).where(eq(merchants.id, body.merchantId));
    if (body.status === 'disabled') await revokeMerchantSessions(tx, body.merchantId, at);
    await writeAudit(tx, {
      operator,
      action: body.status === 'disabled' ? 'merchant_disable' : 'merchant_enable',
      target: `merchant:${body.merchantId}`,
      before: { status: before.status },
      after: { status: body.status },
      reason: body.reason,
      ip,
      at,
    });
  });
  return { merchant: await toOpsMerchant(deps.db, await requireMerchant(deps.db, body.merchantId)) };
}

export async function setOpsAutoApprove(
  deps: Deps,
  operator: OperatorSession,
  body: OpsAutoApproveBody,
  ip: string,
): Promise<{ merchant: OpsMerchant }> {
  const threshold = money(body.autoApproveUsdt);
  if (threshold.isNegative() || threshold.greaterThan(AUTO_APPROVE_MAX_USDT)) {
    throw new AppError(ErrorCode.VALIDATION_FAILED, {
      fieldErrors: [
        {
          field: 'autoApproveUsdt',
          key: 'validation.ops.autoApproveRange',
          params: { max: AUTO_APPROVE_MAX_USDT },
        },
      ],
    });
  }
  await requireMerchant(deps.db, body.merchantId);
  const value = toDecimalString(threshold);
  await deps.db.transaction(async (tx) => {
    const [before] = await tx.select().from(merchants).where(eq(merchants.id, body.merchantId)).for('update');
    if (!before || money(before.autoApproveUsdt).equals(threshold)) return;
    await tx.update(merchants).set({ autoApproveUsdt: value }).where(eq(merchants.id, body.merchantId));
    await writeAudit(tx, {
      operator,
      action: 'merchant_auto_approve',
      target: `merchant:${body.merchantId}`,
      before: { autoApproveUsdt: toDecimalString(before.autoApproveUsdt) },
      after: { autoApproveUsdt: value },
      ip,
      at: deps.now(),
    });
  });
  return { merchant: await toOpsMerchant(deps.db, await requireMerchant(deps.db, body.merchantId)) };
}
