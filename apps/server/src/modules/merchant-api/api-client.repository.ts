import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { preparedPerDatabase } from '../../db/prepared';
import { apiNonces, applications, merchants } from '../../db/schema';

/** What the signature check reads of an application, with its merchant's status, in one query. */
export interface ApiClientRow {
  id: number;
  merchantId: number;
  appId: string;
  ipWhitelist: string;
  secretSealed: string;
  secretVersion: number;
  deletedAt: Date | null;
  merchantStatus: 'active' | 'disabled';
}

/** Every signed request runs these two: prepared statements (db/prepared.ts). */
const findApiClientQuery = preparedPerDatabase((db) =>
  db
    .select({
      id: applications.id,
      merchantId: applications.merchantId,
      appId: applications.appId,
      ipWhitelist: applications.ipWhitelist,
      secretSealed: applications.secretSealed,
      secretVersion: applications.secretVersion,
      deletedAt: applications.deletedAt,
      merchantStatus: merchants.status,
    })
    .from(applications)
    .innerJoin(merchants, eq(merchants.id, applications.merchantId))
    .where(eq(applications.appId, sql.placeholder('appId')))
    .limit(1)
    .prepare('find_api_client'),
);

export async function findApiClient(db: Executor, appId: string): Promise<ApiClientRow | undefined> {
  const [row] = await findApiClientQuery(db).execute({ appId });
  return row;
}

const claimNonceQuery = preparedPerDatabase((db) =>
  db
    .insert(apiNonces)
    .values({
      applicationId: sql.placeholder('applicationId'),
      nonce: sql.placeholder('nonce'),
      seenAt: sql.placeholder('seenAt'),
    })
    .onConflictDoNothing()
    .returning({ nonce: apiNonces.nonce })
    .prepare('claim_api_nonce'),
);

/**
 * Records a nonce as used; false when this application already used it. One INSERT … ON
 * CONFLICT DO NOTHING on the (application, nonce) key: of two nodes racing with the same
 * request, exactly one gets the row.
 */
export async function claimNonce(
  db: Executor,
  applicationId: number,
  nonce: string,
  seenAt: Date,
): Promise<boolean> {
  const rows = await claimNonceQuery(db).execute({ applicationId, nonce, seenAt });
  return rows.length === 1;
}

/** Nonces seen before `before`: their requests' timestamps can no longer pass the window. */
export async function deleteNoncesSeenBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(apiNonces).where(lt(apiNonces.seenAt, before));
}
