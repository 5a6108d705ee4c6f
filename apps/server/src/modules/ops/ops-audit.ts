import type { OpsAuditAction, OpsAuditEntry, opsAuditPageBody } from '@tollgate/contracts';
import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { operatorAuditLog } from '../../db/schema';

/**
 * The console's audit log: who did what to which object, what was there before and after, why
 * and from where. Always written with the caller's transaction handle, so the change and its
 * row commit (or roll back) together: there is never a change without its record.
 */
export interface AuditInput {
  operator: { operatorId: number; email: string };
  action: OpsAuditAction;
  /** `withdrawal:WD…`, `merchant:100001`, `fee:TRON/USDT`, `rate:TRX`, `operator:1`. */
  target: string;
  before?: unknown;
  after?: unknown;
  reason?: string | null | undefined;
  ip: string | null;
  at: Date;
}

export async function writeAudit(tx: Executor, input: AuditInput): Promise<void> {
  await tx.insert(operatorAuditLog).values({
    operatorId: input.operator.operatorId,
    operatorEmail: input.operator.email,
    action: input.action,
    target: input.target,
    before: input.before ?? null,
    after: input.after ?? null,
    reason: input.reason ?? null,
    ip: input.ip,
    createdAt: input.at,
  });
}

type AuditFilters = z.output<typeof opsAuditPageBody>;

export async function pageAudit(db: Executor, body: AuditFilters) {
  const where = and(
    ...[
      body.action ? eq(operatorAuditLog.action, body.action) : undefined,
      body.target ? eq(operatorAuditLog.target, body.target) : undefined,
    ].filter((c): c is SQL => c !== undefined),
  );
  const [counted] = await db.select({ total: count() }).from(operatorAuditLog).where(where);
  const rows = await db
    .select()
    .from(operatorAuditLog)
    .where(where)
    .orderBy(desc(operatorAuditLog.createdAt), desc(operatorAuditLog.id))
    .limit(body.pageSize)
    .offset((body.pageNo - 1) * body.pageSize);
  const list: OpsAuditEntry[] = rows.map((row) => ({
    id: row.id,
    operatorEmail: row.operatorEmail,
    action: row.action as OpsAuditAction,
    target: row.target,
    before: row.before ?? null,
    after: row.after ?? null,
    reason: row.reason,
    ip: row.ip,
    createdAt: row.createdAt.toISOString(),
  }));
  return { list, total: counted?.total ?? 0, pageNo: body.pageNo, pageSize: body.pageSize };
}
