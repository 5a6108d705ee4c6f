import { money, toDecimalString } from '@tollgate/contracts/money';
import { and, asc, eq, gt, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { KeyPath, UtxoInput } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { chainSends, chainSendTxs, chainUtxos } from '../../db/schema';

/**
 * The SQL of chain_utxos: the platform's outputs on a UTXO chain (Doge). The watcher's scan
 * records them; a send locks the ones it spends (`spent_by_send_id`, set only where it is null),
 * so two sends never spend one output and every transaction of a send spends the same ones.
 * Spendable (available) means mined (a block height: not orphaned by a reorg) and unlocked.
 */
export type UtxoRow = typeof chainUtxos.$inferSelect;

/** An output as a send names it: chain_sends.inputs holds these, in the order signed. */
export interface Outpoint {
  txid: string;
  vout: number;
}

/** An output the scan found paying one of the platform's addresses, with the key that spends it. */
export interface ScannedUtxo extends UtxoInput {
  chainId: string;
  blockHeight: number;
  blockHash: string;
}

const inputOf = (row: UtxoRow): UtxoInput => ({
  txid: row.txid,
  vout: row.vout,
  amount: toDecimalString(row.amount),
  address: row.address,
  key: { account: row.keyAccount, index: row.keyIndex } satisfies KeyPath,
});

/**
 * Records scanned outputs, each once by (chain, txid, vout): seen again (a rescan after a reorg),
 * its block height and hash are set again; its lock is never touched.
 */
export async function recordUtxos(tx: Executor, outputs: readonly ScannedUtxo[], now: Date): Promise<void> {
  if (outputs.length === 0) return;
  await tx
    .insert(chainUtxos)
    .values(
      outputs.map((output) => ({
        chainId: output.chainId,
        txid: output.txid,
        vout: output.vout,
        address: output.address,
        keyAccount: output.key.account,
        keyIndex: output.key.index,
        amount: toDecimalString(output.amount),
        blockHeight: output.blockHeight,
        blockHash: output.blockHash,
        createdAt: now,
      })),
    )
    .onConflictDoUpdate({
      target: [chainUtxos.chainId, chainUtxos.txid, chainUtxos.vout],
      set: { blockHeight: sql`excluded.block_height`, blockHash: sql`excluded.block_hash` },
    });
}

const spendable = (chainId: string) =>
  and(eq(chainUtxos.chainId, chainId), isNotNull(chainUtxos.blockHeight), isNull(chainUtxos.spentBySendId));

/**
 * The available outputs (mined, unlocked) of `addresses`, or only those of `outpoints` among them
 * when given (a consolidation's), oldest first. `forUpdate`: locked to the caller's transaction's
 * end (a concurrent send's lock, once committed, takes a row out of the answer). `minedBy`: only
 * those mined at or below that height (a sweep spends confirmed outputs only).
 */
export async function availableUtxos(
  db: Executor,
  chainId: string,
  where: { addresses: readonly string[] } | { outpoints: readonly Outpoint[] },
  options: { forUpdate?: boolean; minedBy?: number } = {},
): Promise<UtxoInput[]> {
  const filter =
    'addresses' in where ? inArray(chainUtxos.address, [...where.addresses]) : outpointsIn(where.outpoints);
  if (!filter) return [];
  const mined = options.minedBy === undefined ? undefined : lte(chainUtxos.blockHeight, options.minedBy);
  const query = db
    .select()
    .from(chainUtxos)
    .where(and(spendable(chainId), filter, mined))
    .orderBy(asc(chainUtxos.blockHeight), asc(chainUtxos.txid), asc(chainUtxos.vout));
  const rows = options.forUpdate ? await query.for('update') : await query;
  return rows.map(inputOf);
}

function outpointsIn(outpoints: readonly Outpoint[]) {
  if (outpoints.length === 0) return undefined;
  const pairs = sql.join(
    outpoints.map((o) => sql`(${o.txid}, ${o.vout}::integer)`),
    sql`, `,
  );
  return sql`(${chainUtxos.txid}, ${chainUtxos.vout}) in (${pairs})`;
}

/**
 * Locks `outpoints` to the send, all or none: true when every one was still unlocked. On false
 * some were not (another send took them first): the caller rolls back its transaction and tries
 * again, never keeping a part.
 */
export async function lockUtxos(
  tx: Executor,
  chainId: string,
  sendId: number,
  outpoints: readonly Outpoint[],
): Promise<boolean> {
  const filter = outpointsIn(outpoints);
  if (!filter) return false;
  const locked = await tx
    .update(chainUtxos)
    .set({ spentBySendId: sendId })
    .where(and(eq(chainUtxos.chainId, chainId), isNull(chainUtxos.spentBySendId), filter))
    .returning({ txid: chainUtxos.txid });
  return locked.length === outpoints.length;
}

/** The outputs locked to a send, in the order of its `inputs` (the order it was signed in). */
export async function utxosOfSend(db: Executor, send: { id: number; inputs: unknown }): Promise<UtxoInput[]> {
  const rows = await db.select().from(chainUtxos).where(eq(chainUtxos.spentBySendId, send.id));
  const at = new Map((send.inputs as Outpoint[] | null)?.map((o, i) => [`${o.txid}:${o.vout}`, i]) ?? []);
  const place = (row: UtxoRow) => at.get(`${row.txid}:${row.vout}`) ?? Number.MAX_SAFE_INTEGER;
  return rows.sort((a, b) => place(a) - place(b)).map(inputOf);
}

/**
 * A reorg: the chain's outputs mined above `height` are off the chain (not spendable, not
 * counted) until a scan finds them again. Their locks stay. Answers how many.
 */
export async function unmineUtxosAbove(tx: Executor, chainId: string, height: number): Promise<number> {
  const rows = await tx
    .update(chainUtxos)
    .set({ blockHeight: null, blockHash: null })
    .where(and(eq(chainUtxos.chainId, chainId), gt(chainUtxos.blockHeight, height)))
    .returning({ txid: chainUtxos.txid });
  return rows.length;
}

/** How many available outputs `address` holds, and their total (the Chains page's hot wallet). */
export async function unspentOf(
  db: Executor,
  chainId: string,
  address: string,
): Promise<{ count: number; total: string }> {
  const [row] = await db
    .select({
      count: sql<number>`count(*)`.mapWith(Number),
      total: sql<string>`coalesce(sum(${chainUtxos.amount}), 0)::text`,
    })
    .from(chainUtxos)
    .where(and(spendable(chainId), eq(chainUtxos.address, address)));
  return { count: row?.count ?? 0, total: toDecimalString(row?.total ?? '0') };
}

/**
 * The change still to come back to `address` from its own sends in flight (open, their change
 * not yet scanned in a block): what their locked outputs at the address hold beyond what they
 * pay out and the fee of their latest transaction (`fee`, in the coin).
 */
export async function changeInFlight(db: Executor, chainId: string, address: string): Promise<string> {
  const open = await db
    .select({ id: chainSends.id, amount: chainSends.amount })
    .from(chainSends)
    .where(
      and(
        eq(chainSends.chainId, chainId),
        eq(chainSends.fromAddress, address),
        inArray(chainSends.status, ['pending', 'mined']),
      ),
    );
  if (open.length === 0) return '0';
  const ids = open.map((send) => send.id);
  const locked = await db
    .select({ sendId: chainUtxos.spentBySendId, total: sql<string>`sum(${chainUtxos.amount})::text` })
    .from(chainUtxos)
    .where(and(inArray(chainUtxos.spentBySendId, ids), eq(chainUtxos.address, address)))
    .groupBy(chainUtxos.spentBySendId);
  // Change already back: an output at the address of one of the send's transactions, in a block.
  const back = await db
    .select({ sendId: chainSendTxs.sendId, total: sql<string>`sum(${chainUtxos.amount})::text` })
    .from(chainUtxos)
    .innerJoin(
      chainSendTxs,
      and(eq(chainSendTxs.chainId, chainUtxos.chainId), eq(chainSendTxs.txHash, chainUtxos.txid)),
    )
    .where(
      and(
        inArray(chainSendTxs.sendId, ids),
        eq(chainUtxos.address, address),
        isNotNull(chainUtxos.blockHeight),
      ),
    )
    .groupBy(chainSendTxs.sendId);
  const txs = await db
    .select({ sendId: chainSendTxs.sendId, fee: chainSendTxs.fee })
    .from(chainSendTxs)
    .where(inArray(chainSendTxs.sendId, ids))
    .orderBy(asc(chainSendTxs.id));
  const feeOf = new Map(txs.map((row) => [row.sendId, (row.fee as { fee?: string }).fee ?? '0']));
  const lockedOf = new Map(locked.map((row) => [row.sendId, row.total]));
  const backOf = new Map(back.map((row) => [row.sendId, row.total]));
  let due = money('0');
  for (const send of open) {
    if (backOf.has(send.id)) continue;
    const change = money(lockedOf.get(send.id) ?? '0')
      .minus(send.amount)
      .minus(feeOf.get(send.id) ?? '0');
    if (change.greaterThan(0)) due = due.plus(change);
  }
  return toDecimalString(due);
}
