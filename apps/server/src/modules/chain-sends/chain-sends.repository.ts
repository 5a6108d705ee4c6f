import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FeeOffer } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import {
  type CHAIN_ALERT_KINDS,
  type CHAIN_SEND_KINDS,
  chainAlerts,
  chainNonces,
  chainSends,
  chainSendTxs,
  chains,
} from '../../db/schema';

/** The SQL of chain_sends, chain_send_txs, chain_nonces and the hot wallet's alerts. */
export type ChainSendRow = typeof chainSends.$inferSelect;
export type ChainSendTxRow = typeof chainSendTxs.$inferSelect;
export type ChainSendKind = (typeof CHAIN_SEND_KINDS)[number];

export async function findSend(
  db: Executor,
  kind: ChainSendKind,
  ref: string,
): Promise<ChainSendRow | undefined> {
  const [row] = await db
    .select()
    .from(chainSends)
    .where(and(eq(chainSends.kind, kind), eq(chainSends.ref, ref)));
  return row;
}

export async function findSendById(db: Executor, id: number): Promise<ChainSendRow | undefined> {
  const [row] = await db.select().from(chainSends).where(eq(chainSends.id, id));
  return row;
}

/** The send's row, locked until the caller's transaction ends. */
export async function lockSend(tx: Executor, id: number): Promise<ChainSendRow | undefined> {
  const [row] = await tx.select().from(chainSends).where(eq(chainSends.id, id)).for('update');
  return row;
}

export async function hasNonceRow(db: Executor, chainId: string, address: string): Promise<boolean> {
  const [row] = await db
    .select({ next: chainNonces.nextNonce })
    .from(chainNonces)
    .where(and(eq(chainNonces.chainId, chainId), eq(chainNonces.address, address)));
  return row !== undefined;
}

/**
 * The address's next nonce, taken: one statement that locks the row until the caller's
 * transaction ends (a second sender of the address waits for it, then takes the next one). A
 * missing row starts at `seed` (the node's count, read before the transaction); undefined when
 * the row is missing and no seed was read (the caller reads one and tries again).
 */
export async function takeNonce(
  tx: Executor,
  chainId: string,
  address: string,
  seed: number | undefined,
  now: Date,
): Promise<number | undefined> {
  if (seed === undefined) {
    const [row] = await tx
      .update(chainNonces)
      .set({ nextNonce: sql`${chainNonces.nextNonce} + 1`, updatedAt: now })
      .where(and(eq(chainNonces.chainId, chainId), eq(chainNonces.address, address)))
      .returning({ next: chainNonces.nextNonce });
    return row === undefined ? undefined : row.next - 1;
  }
  const [row] = await tx
    .insert(chainNonces)
    .values({ chainId, address, nextNonce: seed + 1, updatedAt: now })
    .onConflictDoUpdate({
      target: [chainNonces.chainId, chainNonces.address],
      set: { nextNonce: sql`${chainNonces.nextNonce} + 1`, updatedAt: now },
    })
    .returning({ next: chainNonces.nextNonce });
  if (!row) throw new Error('chain_nonces: no row taken');
  return row.next - 1;
}

export async function insertSend(
  tx: Executor,
  values: typeof chainSends.$inferInsert,
): Promise<ChainSendRow> {
  const [row] = await tx.insert(chainSends).values(values).returning();
  if (!row) throw new Error('chain_sends: not inserted');
  return row;
}

export async function insertSendTx(
  tx: Executor,
  values: {
    sendId: number;
    chainId: string;
    txHash: string;
    raw: string;
    fee: FeeOffer;
    signedAtHeight: number;
    createdAt: Date;
  },
): Promise<ChainSendTxRow> {
  const [row] = await tx.insert(chainSendTxs).values(values).returning();
  if (!row) throw new Error('chain_send_txs: not inserted');
  return row;
}

/** Every signed transaction of a send, oldest first (the last is the one to broadcast). */
export function txsOfSend(db: Executor, sendId: number): Promise<ChainSendTxRow[]> {
  return db.select().from(chainSendTxs).where(eq(chainSendTxs.sendId, sendId)).orderBy(asc(chainSendTxs.id));
}

/** Marks a transaction broadcast, the first time; true when this call did. */
export async function markBroadcast(tx: Executor, txId: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(chainSendTxs)
    .set({ broadcastAt: now })
    .where(and(eq(chainSendTxs.id, txId), isNull(chainSendTxs.broadcastAt)))
    .returning({ id: chainSendTxs.id });
  return rows.length === 1;
}

/** The open sends (pending or mined) of a chain, of the given kinds, oldest first. */
export function openSends(
  db: Executor,
  chainId: string,
  kinds: readonly ChainSendKind[],
  limit = 500,
): Promise<ChainSendRow[]> {
  if (kinds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(chainSends)
    .where(
      and(
        eq(chainSends.chainId, chainId),
        inArray(chainSends.status, ['pending', 'mined']),
        inArray(chainSends.kind, [...kinds]),
      ),
    )
    .orderBy(asc(chainSends.id))
    .limit(limit);
}

/**
 * Moves a send on, only while it is still as the caller read it: its status, and the block it
 * was recorded mined in (two passes never both act on one reading). Undefined when another pass
 * moved it first.
 */
export async function moveSend(
  tx: Executor,
  read: Pick<ChainSendRow, 'id' | 'status' | 'minedBlockHash'>,
  set: Partial<typeof chainSends.$inferInsert>,
): Promise<ChainSendRow | undefined> {
  const [row] = await tx
    .update(chainSends)
    .set(set)
    .where(
      and(
        eq(chainSends.id, read.id),
        eq(chainSends.status, read.status),
        sql`${chainSends.minedBlockHash} is not distinct from ${read.minedBlockHash}`,
      ),
    )
    .returning();
  return row;
}

/**
 * What the address has promised and not yet spent on chain: the amounts of its sends in `coin`
 * that no block holds yet (a balance read at the head does not count them).
 */
export async function unminedAmount(
  db: Executor,
  chainId: string,
  fromAddress: string,
  coinName: string,
): Promise<string> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${chainSends.amount}), 0)::text` })
    .from(chainSends)
    .where(
      and(
        eq(chainSends.chainId, chainId),
        eq(chainSends.fromAddress, fromAddress),
        eq(chainSends.coinName, coinName),
        eq(chainSends.status, 'pending'),
      ),
    );
  return row?.total ?? '0';
}

export type ChainAlertKind = (typeof CHAIN_ALERT_KINDS)[number];

/** Raises an alert, or refreshes the open one of the same (chain, kind, key). */
export async function raiseAlert(
  db: Executor,
  alert: { chainId: string; kind: ChainAlertKind; key: string; detail: unknown; now: Date },
): Promise<void> {
  await db
    .insert(chainAlerts)
    .values({
      chainId: alert.chainId,
      kind: alert.kind,
      key: alert.key,
      detail: alert.detail,
      createdAt: alert.now,
      updatedAt: alert.now,
    })
    .onConflictDoUpdate({
      target: [chainAlerts.chainId, chainAlerts.kind, chainAlerts.key],
      targetWhere: isNull(chainAlerts.resolvedAt),
      set: { detail: alert.detail, updatedAt: alert.now },
    });
}

/** Resolves the open alert of (chain, kind, key), if any; true when one was open. */
export async function resolveAlert(
  db: Executor,
  alert: { chainId: string; kind: ChainAlertKind; key: string; now: Date },
): Promise<boolean> {
  const rows = await db
    .update(chainAlerts)
    .set({ resolvedAt: alert.now, updatedAt: alert.now })
    .where(
      and(
        eq(chainAlerts.chainId, alert.chainId),
        eq(chainAlerts.kind, alert.kind),
        eq(chainAlerts.key, alert.key),
        isNull(chainAlerts.resolvedAt),
      ),
    )
    .returning({ id: chainAlerts.id });
  return rows.length > 0;
}

/** The chain's native coin (its gas), from the chains table. */
export async function nativeCoinOf(db: Executor, chainId: string): Promise<string> {
  const [row] = await db
    .select({ native: chains.nativeCoin })
    .from(chains)
    .where(eq(chains.chainId, chainId));
  if (!row) throw new Error(`chain ${chainId}: not in the chains table`);
  return row.native;
}
