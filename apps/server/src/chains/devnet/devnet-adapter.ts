import { money, toDecimalString } from '@tollgate/contracts/money';
import { and, asc, between, eq, gte, lte, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devnetBlocks, devnetTransfers } from '../../db/schema';
import { CHAIN_FAMILY, isValidAddress, normalizeAddress } from '../addresses';
import type { BlockRef, ChainAdapter, ChainId, ChainTransfer } from '../chain-adapter';
import type { HdWallet } from '../hd-wallet';
import { createDevnetSender } from './devnet-sender';

const NORMALIZED_KEPT = 100_000;

/**
 * One simulated chain over devnet_blocks and devnet_transfers. Addresses are the real ones
 * (same derivation and validation as live), so an order's address would be valid on the real
 * network; the money is not. No network access at all: every method is a query.
 */
export function createDevnetAdapter(deps: {
  db: Database;
  chainId: ChainId;
  wallet: HdWallet;
  confirmations: number;
}): ChainAdapter {
  const { db, chainId, wallet, confirmations } = deps;
  const family = CHAIN_FAMILY[chainId];

  // The watched addresses of every scan, normalized once each (an EVM checksum is a keccak hash:
  // thousands of addresses every block on a big database). Bounded: past the limit it starts over.
  const normalized = new Map<string, string>();
  const normalizeWatched = (address: string) => {
    let known = normalized.get(address);
    if (known === undefined) {
      if (normalized.size >= NORMALIZED_KEPT) normalized.clear();
      known = normalizeAddress(family, address);
      normalized.set(address, known);
    }
    return known;
  };

  const headHeight = async () => {
    const [row] = await db
      .select({ head: max(devnetBlocks.height) })
      .from(devnetBlocks)
      .where(eq(devnetBlocks.chainId, chainId));
    // The genesis block exists from the first start (block-producer.ts); -1 before it.
    return row?.head ?? -1;
  };

  /** The blocks from..to with their parents' hashes (the genesis block's parent is all zeros). */
  const blocksBetween = async (from: number, to: number): Promise<BlockRef[]> => {
    const rows = await db
      .select({ height: devnetBlocks.height, hash: devnetBlocks.hash, time: devnetBlocks.producedAt })
      .from(devnetBlocks)
      .where(
        and(
          eq(devnetBlocks.chainId, chainId),
          gte(devnetBlocks.height, from - 1),
          lte(devnetBlocks.height, to),
        ),
      )
      .orderBy(asc(devnetBlocks.height));
    const zero = family === 'evm' ? `0x${'0'.repeat(64)}` : '0'.repeat(64);
    const out: BlockRef[] = [];
    for (const [i, row] of rows.entries()) {
      if (row.height < from) continue;
      const parent = rows[i - 1];
      out.push({
        height: row.height,
        hash: row.hash,
        parentHash: parent && parent.height === row.height - 1 ? parent.hash : zero,
        time: row.time,
      });
    }
    return out;
  };

  return {
    chainId,
    family,
    mode: 'devnet',
    confirmations,
    isValidAddress: (address) => isValidAddress(family, address),
    deriveAddress: (index, account = 0) => wallet.deriveAddress(family, index, account),
    headHeight,
    sender: createDevnetSender({ db, chainId, wallet }),

    async blockAt(height) {
      const [block] = await blocksBetween(height, height);
      return block ?? null;
    },

    async scan(fromHeight, toHeight, watched) {
      if (toHeight < fromHeight) return { blocks: [], transfers: [] };
      const blocks = await blocksBetween(fromHeight, toHeight);
      const hashes = new Map(blocks.map((block) => [block.height, block]));
      const rows =
        watched.size === 0
          ? []
          : await db
              .select()
              .from(devnetTransfers)
              .where(
                and(
                  eq(devnetTransfers.chainId, chainId),
                  between(devnetTransfers.blockHeight, fromHeight, toHeight),
                  // A reverted transaction moved nothing: no address received anything.
                  eq(devnetTransfers.failed, false),
                ),
              )
              .orderBy(asc(devnetTransfers.blockHeight), asc(devnetTransfers.id));
      const transfers: ChainTransfer[] = [];
      for (const row of rows) {
        const block = row.blockHeight === null ? undefined : hashes.get(row.blockHeight);
        // Matched here, one set lookup per transfer, as a live adapter does.
        if (!block || !watched.has(row.toAddress)) continue;
        transfers.push({
          chainId,
          txHash: row.txHash,
          logIndex: row.logIndex,
          fromAddress: row.fromAddress,
          toAddress: row.toAddress,
          coinName: row.coinName,
          amount: toDecimalString(row.amount),
          blockHeight: block.height,
          blockHash: block.hash,
          blockTime: block.time,
        });
      }
      return { blocks, transfers };
    },

    async balanceOf(address, coinName, atHeight) {
      const head = atHeight ?? (await headHeight());
      const [row] = await db
        .select({
          received: sql<string>`coalesce(sum(${devnetTransfers.amount}) filter (where ${devnetTransfers.toAddress} = ${address}), 0)`,
          sent: sql<string>`coalesce(sum(${devnetTransfers.amount}) filter (where ${devnetTransfers.fromAddress} = ${address}), 0)`,
        })
        .from(devnetTransfers)
        .where(
          and(
            eq(devnetTransfers.chainId, chainId),
            eq(devnetTransfers.coinName, coinName),
            eq(devnetTransfers.failed, false),
            lte(devnetTransfers.blockHeight, head),
          ),
        );
      return toDecimalString(money(row?.received ?? '0').minus(row?.sent ?? '0'));
    },

    // Replaced by `scan` (issue 32): kept until the watcher moves to it.
    async scanTransfers(fromHeight, toHeight, addresses) {
      const watched = addresses
        ? new Set([...addresses].map(normalizeWatched))
        : new Set(
            (await db.select({ to: devnetTransfers.toAddress }).from(devnetTransfers)).map((r) => r.to),
          );
      return (await this.scan(fromHeight, toHeight, watched)).transfers;
    },
  };
}
