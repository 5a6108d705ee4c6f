import { and, eq, isNull, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chainSends, chainUtxos } from '../../db/schema';
import type { ChainId } from '../chain-adapter';
import type { DogeOwnOutput } from './doge-adapter';

/**
 * The outputs the platform knows at `address` (chain_utxos) that no mined send has spent: what
 * the Doge adapter's balanceOf asks the node about (gettxout says which are still unspent). An
 * output locked to a send still in flight counts: it is unspent on chain until that send is mined.
 */
export async function knownOutputsOf(
  db: Executor,
  chainId: ChainId,
  address: string,
): Promise<DogeOwnOutput[]> {
  return db
    .select({ txid: chainUtxos.txid, vout: chainUtxos.vout, amount: chainUtxos.amount })
    .from(chainUtxos)
    .leftJoin(chainSends, eq(chainSends.id, chainUtxos.spentBySendId))
    .where(
      and(
        eq(chainUtxos.chainId, chainId),
        eq(chainUtxos.address, address),
        or(isNull(chainUtxos.spentBySendId), eq(chainSends.status, 'pending')),
      ),
    )
    .orderBy(sql`${chainUtxos.txid}, ${chainUtxos.vout}`);
}
