import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { merchants, withdrawalAddresses } from '../../db/schema';

/**
 * The withdrawal address whitelist's rows: merchants.address_whitelist_on and the
 * withdrawal_addresses listed per chain, stored as the chain adapter normalizes them.
 */
export type WhitelistRow = typeof withdrawalAddresses.$inferSelect;

export function listWhitelistAddresses(db: Executor, merchantId: number): Promise<WhitelistRow[]> {
  return db
    .select()
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.merchantId, merchantId))
    .orderBy(desc(withdrawalAddresses.createdAt), desc(withdrawalAddresses.id));
}

export async function countWhitelistAddresses(db: Executor, merchantId: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.merchantId, merchantId));
  return row?.n ?? 0;
}

/** The new row, or undefined when (merchant, chain, address) is already listed. */
export async function insertWhitelistAddress(
  db: Executor,
  values: typeof withdrawalAddresses.$inferInsert,
): Promise<WhitelistRow | undefined> {
  const [row] = await db.insert(withdrawalAddresses).values(values).onConflictDoNothing().returning();
  return row;
}

export async function deleteWhitelistAddress(db: Executor, merchantId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(withdrawalAddresses)
    .where(and(eq(withdrawalAddresses.id, id), eq(withdrawalAddresses.merchantId, merchantId)))
    .returning({ id: withdrawalAddresses.id });
  return rows.length > 0;
}

export async function setWhitelistOn(db: Executor, merchantId: number, on: boolean): Promise<void> {
  await db.update(merchants).set({ addressWhitelistOn: on }).where(eq(merchants.id, merchantId));
}

/**
 * Serializes the whitelist's writers of one merchant (two adds racing past the 200 cap, an add
 * and a switch), inside the caller's transaction.
 */
export async function lockWhitelist(tx: Executor, merchantId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`whitelist:${merchantId}`}, 0))`);
}

/** Whether the whitelist is on, and its addresses as `chainId:address` keys. */
export async function readWhitelist(
  db: Executor,
  merchantId: number,
): Promise<{ on: boolean; keys: Set<string> }> {
  const [merchant] = await db
    .select({ on: merchants.addressWhitelistOn })
    .from(merchants)
    .where(eq(merchants.id, merchantId));
  if (!merchant?.on) return { on: false, keys: new Set() };
  return { on: true, keys: await listWhitelistKeys(db, merchantId) };
}

/** The merchant's listed addresses as `chainId:address` keys. */
export async function listWhitelistKeys(db: Executor, merchantId: number): Promise<Set<string>> {
  const rows = await db
    .select({ chainId: withdrawalAddresses.chainId, address: withdrawalAddresses.address })
    .from(withdrawalAddresses)
    .where(eq(withdrawalAddresses.merchantId, merchantId));
  return new Set(rows.map((r) => whitelistKey(r.chainId, r.address)));
}

export function whitelistKey(chainId: string, normalizedAddress: string): string {
  return `${chainId}:${normalizedAddress}`;
}
