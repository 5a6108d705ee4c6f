import { toDecimalString } from '@tollgate/contracts/money';
import { and, asc, between, eq, max, sql } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devnetBlocks, devnetTransfers } from '../../db/schema';
import { CHAIN_FAMILY, isValidAddress, normalizeAddress } from '../addresses';
import {
  type ChainAdapter,
  type ChainId,
  type ChainTransfer,
  HOT_WALLET,
  type SendRequest,
} from '../chain-adapter';
import type { HdWallet } from '../hd-wallet';
import { devnetTransfer, referenceHash } from './devnet-transfer';

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

  return {
    chainId,
    family,
    mode: 'devnet',
    confirmations,
    isValidAddress: (address) => isValidAddress(family, address),
    deriveAddress: (index, account = 0) => wallet.deriveAddress(family, index, account),
    headHeight,

    async scanTransfers(fromHeight, toHeight, addresses) {
      if (addresses !== undefined && addresses.size === 0) return [];
      if (toHeight < fromHeight) return [];
      const watched = addresses && [...addresses].map(normalizeWatched);
      const rows = await db
        .select()
        .from(devnetTransfers)
        .where(
          and(
            eq(devnetTransfers.chainId, chainId),
            between(devnetTransfers.blockHeight, fromHeight, toHeight),
            // A reverted transaction moved nothing: no address received anything.
            eq(devnetTransfers.failed, false),
            // One array parameter, not one per address: tens of thousands of watched addresses
            // overflowed the protocol's 65,535 parameters (the scan then failed every tick).
            watched ? sql`${devnetTransfers.toAddress} = any(${sql.param(watched)}::text[])` : undefined,
          ),
        )
        .orderBy(asc(devnetTransfers.blockHeight), asc(devnetTransfers.id));
      return rows.map(
        (row): ChainTransfer => ({
          chainId,
          txHash: row.txHash,
          logIndex: row.logIndex,
          fromAddress: row.fromAddress,
          toAddress: row.toAddress,
          coinName: row.coinName,
          amount: toDecimalString(row.amount),
          blockHeight: row.blockHeight ?? 0,
        }),
      );
    },

    async confirmationsOf(blockHeight) {
      const head = await headHeight();
      return blockHeight > head ? 0 : head - blockHeight + 1;
    },

    /**
     * A devnet transfer from the hot wallet. Its hash is derived from the reference, so sending
     * the same reference again finds the first transfer instead of making a second one.
     */
    async send(request: SendRequest) {
      const { txHash } = await devnetTransfer(db, {
        chainId,
        toAddress: request.toAddress,
        coinName: request.coinName,
        amount: request.amount,
        fromAddress: wallet.deriveAddress(family, HOT_WALLET.index, HOT_WALLET.account),
        txHash: referenceHash(family, `${chainId}:${request.reference}`),
        failed: request.failOnChain === true,
      });
      return { txHash };
    },

    async transferStatus(txHash) {
      const [row] = await db
        .select({ blockHeight: devnetTransfers.blockHeight, failed: devnetTransfers.failed })
        .from(devnetTransfers)
        .where(and(eq(devnetTransfers.chainId, chainId), eq(devnetTransfers.txHash, txHash)))
        .limit(1);
      return row ? { blockHeight: row.blockHeight, failed: row.failed } : null;
    },
  };
}
