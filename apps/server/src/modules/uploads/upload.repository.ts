import type { UploadDir } from '@tollgate/contracts';
import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { uploads } from '../../db/schema';

/** The uploads table: what was stored under which key, by whom, of what type. */
export type UploadRow = typeof uploads.$inferSelect;

export async function insertUpload(
  db: Executor,
  values: { merchantId: number; key: string; contentType: string; sizeBytes: number; createdAt: Date },
): Promise<UploadRow | undefined> {
  const [row] = await db.insert(uploads).values(values).returning();
  return row;
}

export async function findUpload(db: Executor, key: string): Promise<UploadRow | undefined> {
  const [row] = await db.select().from(uploads).where(eq(uploads.key, key)).limit(1);
  return row;
}

/**
 * Whether `key` is a file this merchant uploaded into `dir` (an application's icon must be one of
 * their icons, a batch's file one of their spreadsheets).
 */
export async function isOwnUpload(
  db: Executor,
  merchantId: number,
  key: string,
  dir: UploadDir,
): Promise<boolean> {
  if (!key.startsWith(`${dir}/`)) return false;
  const rows = await db
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.merchantId, merchantId), eq(uploads.key, key)))
    .limit(1);
  return rows.length === 1;
}
