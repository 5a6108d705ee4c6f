import { and, desc, eq, gt, lt, lte, sql } from 'drizzle-orm';
import type { BlockRef } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { chainBlocks } from '../../db/schema';

/** The blocks the watcher scanned recently (chain_blocks): the reorg check's memory. */
export type StoredBlock = typeof chainBlocks.$inferSelect;

/** How many of the latest scanned blocks are kept: twice the confirmations, and never fewer than 32. */
export const keptBlocks = (confirmations: number) => Math.max(2 * confirmations, 32);

export async function storedBlock(db: Executor, chainId: string, height: number) {
  const [row] = await db
    .select()
    .from(chainBlocks)
    .where(and(eq(chainBlocks.chainId, chainId), eq(chainBlocks.height, height)));
  return row;
}

/** The stored blocks at `height` and below, highest first. */
export function storedBlocksDown(db: Executor, chainId: string, height: number) {
  return db
    .select()
    .from(chainBlocks)
    .where(and(eq(chainBlocks.chainId, chainId), lte(chainBlocks.height, height)))
    .orderBy(desc(chainBlocks.height));
}

/**
 * Keeps the range's last `keep` blocks (a rescan overwrites what it scanned again) and forgets
 * those older than `keep` below the range's top.
 */
export async function storeBlocks(
  tx: Executor,
  chainId: string,
  blocks: BlockRef[],
  keep: number,
): Promise<void> {
  const top = blocks.at(-1)?.height;
  if (top === undefined) return;
  const kept = blocks.filter((block) => block.height > top - keep);
  await tx
    .insert(chainBlocks)
    .values(
      kept.map((block) => ({
        chainId,
        height: block.height,
        hash: block.hash,
        parentHash: block.parentHash,
        time: block.time,
      })),
    )
    .onConflictDoUpdate({
      target: [chainBlocks.chainId, chainBlocks.height],
      set: {
        hash: sql`excluded.hash`,
        parentHash: sql`excluded.parent_hash`,
        time: sql`excluded.time`,
      },
    });
  await tx
    .delete(chainBlocks)
    .where(and(eq(chainBlocks.chainId, chainId), lt(chainBlocks.height, top - keep + 1)));
}

/** Forgets the blocks above the common ancestor of a reorg. */
export async function deleteBlocksAbove(tx: Executor, chainId: string, height: number): Promise<void> {
  await tx.delete(chainBlocks).where(and(eq(chainBlocks.chainId, chainId), gt(chainBlocks.height, height)));
}
