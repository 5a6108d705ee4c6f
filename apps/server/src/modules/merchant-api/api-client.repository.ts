import { eq, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertJsonRows } from '../../db/json-insert';
import { perDatabase, preparedPerDatabase } from '../../db/prepared';
import { apiNonces, applications, merchants } from '../../db/schema';
import { createGroupBatch } from '../../lib/group-batch';

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

/**
 * Every signed request runs these two, so both are group-batched per database (lib/group-batch.ts):
 * the lookups and the nonce claims of the requests that arrive while the previous statement is on
 * its way go together in the next one. Each answer is the one the statement would have given the
 * request alone: a lookup is a read, and a claim is decided by the (application, nonce) key.
 */
const findApiClientsQuery = preparedPerDatabase((db) =>
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
    .where(
      sql`${applications.appId} in (select jsonb_array_elements_text(${sql.placeholder('appIds')}::jsonb))`,
    )
    .prepare('find_api_clients'),
);

const MAX_BATCH = 100;

const findApiClientsInBatches = perDatabase((db) =>
  createGroupBatch(async (appIds: string[]) => {
    const rows = await findApiClientsQuery(db).execute({ appIds: JSON.stringify([...new Set(appIds)]) });
    const byAppId = new Map(rows.map((row) => [row.appId, row]));
    return appIds.map((appId) => byAppId.get(appId));
  }, MAX_BATCH),
);

export function findApiClient(db: Executor, appId: string): Promise<ApiClientRow | undefined> {
  return findApiClientsInBatches(db)(appId);
}

interface NonceClaim {
  applicationId: number;
  nonce: string;
  seenAt: Date;
}

/** One INSERT … ON CONFLICT DO NOTHING for the batch; a key twice in it is claimed by its first. */
const claimNoncesInBatches = perDatabase((db) =>
  createGroupBatch(async (claims: NonceClaim[]) => {
    const keyOf = (claim: { applicationId: number; nonce: string }) =>
      `${claim.applicationId}:${claim.nonce}`;
    const first = new Map<string, number>();
    claims.forEach((claim, i) => {
      if (!first.has(keyOf(claim))) first.set(keyOf(claim), i);
    });
    const rows = claims.filter((claim, i) => first.get(keyOf(claim)) === i);
    const claimed = await insertJsonRows(db, apiNonces, rows, {
      onConflictDoNothing: true,
      returning: ['applicationId', 'nonce'],
    });
    const won = new Set(claimed.map(keyOf));
    return claims.map((claim, i) => first.get(keyOf(claim)) === i && won.has(keyOf(claim)));
  }, MAX_BATCH),
);

/**
 * Records a nonce as used; false when this application already used it. An INSERT … ON
 * CONFLICT DO NOTHING on the (application, nonce) key: of two nodes racing with the same
 * request, exactly one gets the row.
 */
export function claimNonce(
  db: Executor,
  applicationId: number,
  nonce: string,
  seenAt: Date,
): Promise<boolean> {
  return claimNoncesInBatches(db)({ applicationId, nonce, seenAt });
}

/** Nonces seen before `before`: their requests' timestamps can no longer pass the window. */
export async function deleteNoncesSeenBefore(db: Executor, before: Date): Promise<void> {
  await db.delete(apiNonces).where(lt(apiNonces.seenAt, before));
}
