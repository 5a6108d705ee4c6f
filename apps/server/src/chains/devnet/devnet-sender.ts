import { createHash } from 'node:crypto';
import { toDecimalString } from '@tollgate/contracts/money';
import { and, eq, isNull } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { devnetBlocks, devnetTransfers } from '../../db/schema';
import { CHAIN_FAMILY, normalizeAddress } from '../addresses';
import type { AccountSender, ChainId, FeeOffer, TransferIntent, TxState } from '../chain-adapter';
import type { HdWallet } from '../hd-wallet';
import { devnetTransfer } from './devnet-transfer';

/**
 * The devnet's sender: an account chain without money for gas. A "signed" transaction is the
 * transfer it makes, as JSON (hex), hashed; broadcasting it is a pending devnet transfer that
 * the next block includes. One pending transfer per (sender, nonce): a replacement takes the
 * place of the one it replaces, and a nonce already mined refuses any other transaction, as a
 * real node does. Nothing here opens a network connection.
 */
interface DevnetTx {
  chainId: ChainId;
  from: string;
  to: string;
  coinName: string;
  amount: string;
  nonce: number;
  fee: FeeOffer;
  failOnChain: boolean;
}

export class DevnetNonceUsedError extends Error {}

export function createDevnetSender(deps: {
  db: Database;
  chainId: ChainId;
  wallet: HdWallet;
}): AccountSender {
  const { db, chainId, wallet } = deps;
  const family = CHAIN_FAMILY[chainId];
  const hashOf = (raw: string) => {
    const hex = createHash('sha256').update(raw).digest('hex');
    return family === 'evm' ? `0x${hex}` : hex;
  };
  return {
    kind: 'account',
    // The devnet has no nonces of its own: the database's allocation starts from 0.
    chainNonce: async () => 0,
    // Devnet gas is free: a fee of 0, and each replacement offers one more (so its hash differs).
    quoteFee: async (_intent: TransferIntent, previous?: FeeOffer) => ({
      gasPrice: previous ? String(BigInt(previous.gasPrice ?? '0') + 1n) : '0',
    }),
    maxNetworkFee: () => '0',
    async sign(intent, nonce, fee) {
      const tx: DevnetTx = {
        chainId,
        from: wallet.deriveAddress(family, intent.from.index, intent.from.account),
        to: normalizeAddress(family, intent.toAddress),
        coinName: intent.coinName,
        amount: toDecimalString(intent.amount),
        nonce,
        fee,
        failOnChain: intent.failOnChain === true,
      };
      const raw = Buffer.from(JSON.stringify(tx)).toString('hex');
      return { txHash: hashOf(raw), raw, fee };
    },
    async broadcast(raw) {
      const tx = JSON.parse(Buffer.from(raw, 'hex').toString('utf8')) as DevnetTx;
      const txHash = hashOf(raw);
      await db.transaction(async (dbTx) => {
        const [same] = await dbTx
          .select({ txHash: devnetTransfers.txHash, blockHeight: devnetTransfers.blockHeight })
          .from(devnetTransfers)
          .where(
            and(
              eq(devnetTransfers.chainId, chainId),
              eq(devnetTransfers.fromAddress, tx.from),
              eq(devnetTransfers.nonce, tx.nonce),
            ),
          )
          .for('update');
        if (same?.txHash === txHash) return; // already known
        if (same && same.blockHeight !== null)
          throw new DevnetNonceUsedError(`nonce ${tx.nonce} already mined`);
        if (same) {
          // A replacement: the pending one leaves the mempool.
          await dbTx
            .delete(devnetTransfers)
            .where(
              and(
                eq(devnetTransfers.chainId, chainId),
                eq(devnetTransfers.txHash, same.txHash),
                isNull(devnetTransfers.blockHeight),
              ),
            );
        }
        const row = await devnetTransfer(dbTx, {
          chainId,
          toAddress: tx.to,
          coinName: tx.coinName,
          amount: tx.amount,
          fromAddress: tx.from,
          txHash,
          failed: tx.failOnChain,
        });
        await dbTx.update(devnetTransfers).set({ nonce: tx.nonce }).where(eq(devnetTransfers.id, row.id));
      });
    },
    async txState(txHash): Promise<TxState> {
      const [row] = await db
        .select({
          blockHeight: devnetTransfers.blockHeight,
          failed: devnetTransfers.failed,
          blockHash: devnetBlocks.hash,
        })
        .from(devnetTransfers)
        .leftJoin(
          devnetBlocks,
          and(
            eq(devnetBlocks.chainId, devnetTransfers.chainId),
            eq(devnetBlocks.height, devnetTransfers.blockHeight),
          ),
        )
        .where(and(eq(devnetTransfers.chainId, chainId), eq(devnetTransfers.txHash, txHash)))
        .limit(1);
      if (!row) return { state: 'unknown' };
      if (row.blockHeight === null || row.blockHash === null) return { state: 'pending' };
      return {
        state: 'mined',
        blockHeight: row.blockHeight,
        blockHash: row.blockHash,
        failed: row.failed,
        networkFee: '0',
      };
    },
  };
}
