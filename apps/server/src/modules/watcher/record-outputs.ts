import { type ChainAdapter, type ChainTransfer, HOT_WALLET, type KeyPath } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { recordUtxos, type ScannedUtxo } from '../chain-sends/utxos.repository';
import { keysOfWatched } from './watch.repository';

/**
 * UTXO chains (`adapter.sender.kind === 'utxo'`): the scanned range's outputs that the platform
 * can spend, recorded in chain_utxos in the scan's transaction (chain-sends/utxos.repository.ts):
 * each transfer to an order's address (account 0, the order's address index), a merchant's
 * deposit address (account 1) or the hot wallet, whatever its status (a payment, an unmatched
 * coin, a send's own change): named by (txid, vout), the transfer's (txHash, logIndex). Seen
 * again after a reorg, its block is set again. Answers how many were recorded.
 */
export async function recordOutputs(
  tx: Executor,
  adapter: ChainAdapter,
  transfers: readonly ChainTransfer[],
  now: Date,
): Promise<number> {
  if (adapter.sender.kind !== 'utxo' || transfers.length === 0) return 0;
  const keys = await keysOf(tx, adapter, [...new Set(transfers.map((t) => t.toAddress))]);
  const outputs: ScannedUtxo[] = [];
  for (const transfer of transfers) {
    const key = keys.get(transfer.toAddress);
    if (!key) continue; // the gas wallet (no use on a UTXO chain), or nothing the platform spends
    outputs.push({
      chainId: adapter.chainId,
      txid: transfer.txHash,
      vout: transfer.logIndex,
      address: transfer.toAddress,
      key,
      amount: transfer.amount,
      blockHeight: transfer.blockHeight,
      blockHash: transfer.blockHash,
    });
  }
  await recordUtxos(tx, outputs, now);
  return outputs.length;
}

/** The spending key of each address: an order's or a deposit address's index, or the hot wallet. */
async function keysOf(
  tx: Executor,
  adapter: ChainAdapter,
  addresses: readonly string[],
): Promise<Map<string, KeyPath>> {
  const keys = await keysOfWatched(tx, adapter.chainId, addresses);
  const hotWallet = adapter.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  if (addresses.includes(hotWallet)) keys.set(hotWallet, HOT_WALLET);
  return keys;
}
