import { and, desc, eq, gte, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applications, orders } from '../../db/schema';

/**
 * Application rows. A merchant reaches only its own live rows: every read and write names the
 * merchant and skips deleted ones, so another merchant's appId is simply not found.
 */
export type ApplicationRow = typeof applications.$inferSelect;
export type ApplicationFields = Pick<
  ApplicationRow,
  'name' | 'description' | 'icon' | 'telegram' | 'callbackUrl' | 'ipWhitelist'
>;

const ownLive = (merchantId: number, appId: string) =>
  and(eq(applications.merchantId, merchantId), eq(applications.appId, appId), isNull(applications.deletedAt));

export async function listLiveApplications(db: Executor, merchantId: number): Promise<ApplicationRow[]> {
  return db
    .select()
    .from(applications)
    .where(and(eq(applications.merchantId, merchantId), isNull(applications.deletedAt)))
    .orderBy(desc(applications.createdAt), desc(applications.id));
}

export async function findOwnApplication(
  db: Executor,
  merchantId: number,
  appId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(ownLive(merchantId, appId)).limit(1);
  return row;
}

/** The same, locked until the transaction ends (a secret reset). */
export async function lockOwnApplication(
  db: Executor,
  merchantId: number,
  appId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db.select().from(applications).where(ownLive(merchantId, appId)).limit(1).for('update');
  return row;
}

/**
 * The live application an API request names (X-App-Id), whoever owns it; undefined when
 * unknown or deleted. For the merchant API (modules/merchant-api).
 */
export async function findLiveApplicationByAppId(
  db: Executor,
  appId: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .select()
    .from(applications)
    .where(and(eq(applications.appId, appId), isNull(applications.deletedAt)))
    .limit(1);
  return row;
}

/**
 * Inserts the row with a placeholder secret (the sealed secret binds the row id, which only
 * the insert gives); the caller seals and sets it in the same transaction. Undefined when the
 * appId is taken (a collision of 80 random bits: the caller draws another).
 */
export async function insertApplication(
  db: Executor,
  values: ApplicationFields & { merchantId: number; appId: string; createdAt: Date },
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .insert(applications)
    .values({ ...values, secretSealed: '', updatedAt: values.createdAt })
    .onConflictDoNothing({ target: applications.appId })
    .returning();
  return row;
}

export async function setApplicationSecret(
  db: Executor,
  id: number,
  secretSealed: string,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set({ secretSealed })
    .where(eq(applications.id, id))
    .returning();
  return row;
}

export async function updateOwnApplication(
  db: Executor,
  merchantId: number,
  appId: string,
  fields: Partial<ApplicationFields>,
  at: Date,
): Promise<ApplicationRow | undefined> {
  const [row] = await db
    .update(applications)
    .set({ ...fields, updatedAt: at })
    .where(ownLive(merchantId, appId))
    .returning();
  return row;
}

export async function softDeleteOwnApplication(
  db: Executor,
  merchantId: number,
  appId: string,
  at: Date,
): Promise<boolean> {
  const rows = await db
    .update(applications)
    .set({ deletedAt: at, updatedAt: at })
    .where(ownLive(merchantId, appId))
    .returning({ id: applications.id });
  return rows.length === 1;
}

/**
 * Replaces the secret and bumps its version, only if the version is still the one read: of two
 * resets racing, one wins and the other finds the row moved on (undefined).
 */
export async function replaceApplicationSecret(
  db: Executor,
  row: Pick<ApplicationRow, 'id' | 'merchantId' | 'secretVersion'>,
  secretSealed: string,
  at: Date,
): Promise<ApplicationRow | undefined> {
  const [updated] = await db
    .update(applications)
    .set({ secretSealed, secretVersion: row.secretVersion + 1, updatedAt: at })
    .where(
      and(
        eq(applications.id, row.id),
        eq(applications.merchantId, row.merchantId),
        eq(applications.secretVersion, row.secretVersion),
        isNull(applications.deletedAt),
      ),
    )
    .returning();
  return updated;
}

export interface OrderCounts {
  todayPayCount: number;
  yesterdayPayCount: number;
  todayPayoutCount: number;
  yesterdayPayoutCount: number;
}

/**
 * Per application of the merchant: its orders completed (completed_at) in [yesterday, today)
 * and [today, tomorrow), collection and payout apart. One query for the whole list.
 */
export async function countCompletedOrders(
  db: Executor,
  merchantId: number,
  days: { yesterday: Date; today: Date; tomorrow: Date },
): Promise<Map<number, OrderCounts>> {
  const inToday = sql`${orders.completedAt} >= ${days.today.toISOString()}`;
  const count = (type: 'collection' | 'payout', today: boolean) =>
    sql<number>`count(*) filter (where ${orders.type} = ${type} and ${today ? inToday : sql`not (${inToday})`})`.mapWith(
      Number,
    );
  const rows = await db
    .select({
      applicationId: orders.applicationId,
      todayPayCount: count('collection', true),
      yesterdayPayCount: count('collection', false),
      todayPayoutCount: count('payout', true),
      yesterdayPayoutCount: count('payout', false),
    })
    .from(orders)
    .where(
      and(
        eq(orders.merchantId, merchantId),
        eq(orders.status, 'completed'),
        gte(orders.completedAt, days.yesterday),
        lt(orders.completedAt, days.tomorrow),
      ),
    )
    .groupBy(orders.applicationId);
  return new Map(rows.map(({ applicationId, ...counts }) => [applicationId, counts]));
}
