import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { insertJsonRows, jsonInsertStatement, jsonRowsOf, readJsonInsertRow } from '../../db/json-insert';
import { apiNonces, orders } from '../../db/schema';

/** Order rows. Amounts are NUMERIC(38,18) strings ("10.000000000000000000"); see order-object.ts. */
export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;

/** Inserts unless a unique key is taken (the merchant order number, mostly): undefined then. */
export async function insertOrderIfNew(db: Executor, values: NewOrderRow): Promise<OrderRow | undefined> {
  const [row] = await db.insert(orders).values(values).onConflictDoNothing().returning();
  return row;
}

/** A signed request's nonce, claimed in the statement that writes its order. */
export interface NonceClaim {
  applicationId: number;
  nonce: string;
  seenAt: Date;
}

/** `application id:nonce`, the key the statement answers claimed nonces by. */
export const nonceKey = (claim: { applicationId: number; nonce: string }) =>
  `${claim.applicationId}:${claim.nonce}`;

/**
 * One statement (so one commit, and on PGlite one sync to disk) for a group of signed creates:
 * the nonces claimed (INSERT … ON CONFLICT DO NOTHING) and, of the orders, those whose nonce it
 * claimed (or that carry none), in their order, skipping those whose unique keys are taken. Each
 * order's nonce is `nonces[orderNonce[i]]`, or null. A nonce must appear once in `nonces`.
 */
export async function insertOrdersClaimingNonces(
  db: Executor,
  nonces: NonceClaim[],
  rows: NewOrderRow[],
  orderNonce: (number | null)[],
): Promise<{ claimed: Set<string>; inserted: OrderRow[] }> {
  const nonceRows = jsonRowsOf(apiNonces, nonces);
  const orderRows = jsonRowsOf(orders, rows);
  const keyAt = orderRows.keys.length;
  const claimStatement = jsonInsertStatement(apiNonces, ['applicationId', 'nonce', 'seenAt'], {
    onConflictDoNothing: true,
    returning: ['applicationId', 'nonce'],
  });
  const orderStatement = jsonInsertStatement(orders, orderRows.keys, {
    onConflictDoNothing: true,
    where: `e->>${keyAt} is null or e->>${keyAt} in (select application_id::text || ':' || nonce from claimed)`,
  });
  const withKeys = orderRows.values.map((values, i) => {
    const at = orderNonce[i];
    const claim = at === null || at === undefined ? undefined : nonces[at];
    return [...values, claim ? nonceKey(claim) : null];
  });
  const nonceJson = JSON.stringify(nonces.length > 0 ? nonceRows.values : []);
  const result = (await db.execute(
    sql`with claimed as (${claimStatement.head}${nonceJson}${claimStatement.tail}), inserted as (${orderStatement.head}${JSON.stringify(withKeys)}${orderStatement.tail}) select c.claimed_nonces__, o.* from (select coalesce(string_agg(application_id::text || ':' || nonce, ' '), '') as claimed_nonces__ from claimed) c left join inserted o on true`,
  )) as unknown as { rows: Record<string, unknown>[] };
  const claimedText = String(result.rows[0]?.claimed_nonces__ ?? '');
  const claimed = new Set(claimedText === '' ? [] : claimedText.split(' '));
  const inserted = result.rows
    .filter((raw) => raw.id !== null && raw.id !== undefined)
    .map((raw) => readJsonInsertRow(orderStatement, raw) as OrderRow);
  return { claimed, inserted };
}

/** Inserts the rows in one statement (insertJsonRows), skipping those whose unique keys are taken: the rows inserted. */
export function insertOrdersIfNew<K extends keyof OrderRow & string>(
  db: Executor,
  values: NewOrderRow[],
  returning: readonly K[],
): Promise<Pick<OrderRow, K>[]> {
  return insertJsonRows(db, orders, values, { onConflictDoNothing: true, returning });
}

export async function findOrderByKey(
  db: Executor,
  applicationId: number,
  type: OrderRow['type'],
  merchantOrderNo: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(
      and(
        eq(orders.applicationId, applicationId),
        eq(orders.type, type),
        eq(orders.merchantOrderNo, merchantOrderNo),
      ),
    )
    .limit(1);
  return row;
}

export async function findOrderRowByNo(db: Executor, orderNo: string): Promise<OrderRow | undefined> {
  const [row] = await db.select().from(orders).where(eq(orders.orderNo, orderNo)).limit(1);
  return row;
}

/**
 * The next BIP-44 address index: from a sequence, so no two orders ever share one. A process
 * takes them INDEX_BLOCK at a time (one round trip per block, not per order) and hands them out
 * in order; what a process had not handed out when it stopped is a gap, which is fine: an
 * address is found by its order, and never derived again for another.
 */
const INDEX_BLOCK = 20;
const reservedIndexes = new WeakMap<Executor, number[]>();

export async function nextAddressIndex(db: Executor): Promise<number> {
  let reserved = reservedIndexes.get(db);
  if (!reserved) {
    reserved = [];
    reservedIndexes.set(db, reserved);
  }
  if (reserved.length === 0) {
    // Both drivers (node-postgres, PGlite) answer execute() with `{ rows }`.
    const result = (await db.execute(
      sql`select nextval('order_address_index_seq')::text as index from generate_series(1, ${INDEX_BLOCK})`,
    )) as unknown as { rows: { index: string }[] };
    const block = result.rows.map((row) => Number(row.index));
    if (block.length === 0 || !block.every(Number.isSafeInteger)) {
      throw new Error('order_address_index_seq gave no index');
    }
    // A concurrent caller may have refilled meanwhile: keep both blocks, in order.
    reserved.push(...block);
    reserved.sort((a, b) => a - b);
  }
  return reserved.shift() as number;
}

/**
 * Sets the network and address of a pending order that has none and is not past its expiry.
 * One conditional UPDATE: of two racing choices exactly one wins; undefined for the loser.
 */
export async function setOrderNetworkIfOpen(
  db: Executor,
  orderNo: string,
  values: { network: string; payAddress: string; addressIndex: number; now: Date },
): Promise<OrderRow | undefined> {
  const [row] = await db
    .update(orders)
    .set({
      network: values.network,
      payAddress: values.payAddress,
      addressIndex: values.addressIndex,
      updatedAt: values.now,
    })
    .where(
      and(
        eq(orders.orderNo, orderNo),
        eq(orders.status, 'pending'),
        isNull(orders.network),
        gt(orders.expiresAt, values.now),
      ),
    )
    .returning();
  return row;
}
