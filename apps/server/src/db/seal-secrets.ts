import { and, asc, eq, gt, isNotNull, like, not } from 'drizzle-orm';
import { isSealed, SEALED_PREFIX, type SecretBox, SecretBoxError } from '../lib/secret-box';
import { StartupError } from '../lib/startup-error';
import {
  type GoogleSecretColumn,
  openGoogleSecret,
  sealGoogleSecret,
} from '../modules/google/google-secrets';
import { operatorSecretPlace } from '../modules/ops/operator-google';
import type { Executor } from './client';
import { merchants, operators } from './schema';

/**
 * A start-up step after the SQL migrations: secrets stored in plain text before they were
 * sealed at rest are sealed now, and the key is checked against what is already sealed.
 * Idempotent (a sealed value is recognized by its `v1:` prefix) and safe when several nodes
 * start at once: each row is rewritten by a conditional UPDATE … WHERE column = the plain value
 * read, so of two nodes sealing one row the first wins and the second changes nothing.
 * Application secrets and wallet keys will add their columns here.
 */
const COLUMNS = [
  {
    column: 'google_secret',
    field: merchants.googleSecret,
    set: (value: string) => ({ googleSecret: value }),
  },
  {
    column: 'google_pending_secret',
    field: merchants.googlePendingSecret,
    set: (value: string) => ({ googlePendingSecret: value }),
  },
] as const satisfies readonly { column: GoogleSecretColumn; field: unknown; set: unknown }[];

const BATCH = 500;

export async function sealPlainSecrets(db: Executor, box: SecretBox): Promise<number> {
  let sealed = 0;
  for (const { column, field, set } of COLUMNS) {
    for (let afterId = 0; ; ) {
      const rows = await db
        .select({ id: merchants.id, value: field })
        .from(merchants)
        .where(and(gt(merchants.id, afterId), isNotNull(field), not(like(field, `${SEALED_PREFIX}%`))))
        .orderBy(asc(merchants.id))
        .limit(BATCH);
      for (const { id, value } of rows) {
        if (value === null || isSealed(value)) continue;
        const updated = await db
          .update(merchants)
          .set(set(sealGoogleSecret(box, id, column, value)))
          .where(and(eq(merchants.id, id), eq(field, value)))
          .returning({ id: merchants.id });
        sealed += updated.length;
      }
      if (rows.length < BATCH) break;
      afterId = rows[rows.length - 1]?.id ?? afterId;
    }
    await checkKeyOpens(db, box, column, field);
  }
  await checkOperatorKeyOpens(db, box);
  return sealed;
}

/** Operators' Google secrets were sealed from the first (ops/operator-google.ts): only the key is checked. */
async function checkOperatorKeyOpens(db: Executor, box: SecretBox): Promise<void> {
  const [row] = await db
    .select({ id: operators.id, value: operators.googleSecret })
    .from(operators)
    .where(isNotNull(operators.googleSecret))
    .limit(1);
  if (!row?.value) return;
  try {
    box.open(row.value, operatorSecretPlace(row.id, 'google_secret'));
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new StartupError(
      `The secret key does not open the secrets stored in the database (operators.google_secret of operator ${row.id}): ` +
        'start with the SECRET_KEY (or, without one, the DATA_DIR/secret.key) they were sealed with',
    );
  }
}

/** One sealed value that does not open means the key changed: refuse to start, saying so. */
async function checkKeyOpens(
  db: Executor,
  box: SecretBox,
  column: GoogleSecretColumn,
  field: (typeof COLUMNS)[number]['field'],
): Promise<void> {
  const [row] = await db
    .select({ id: merchants.id, value: field })
    .from(merchants)
    .where(like(field, `${SEALED_PREFIX}%`))
    .limit(1);
  if (!row?.value) return;
  try {
    openGoogleSecret(box, row.id, column, row.value);
  } catch (error) {
    if (!(error instanceof SecretBoxError)) throw error;
    throw new StartupError(
      `The secret key does not open the secrets stored in the database (merchants.${column} of merchant ${row.id}): ` +
        'start with the SECRET_KEY (or, without one, the DATA_DIR/secret.key) they were sealed with',
    );
  }
}
