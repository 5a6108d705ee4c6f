import { money, toDecimalString } from '@tollgate/contracts';
import { and, eq, inArray, isNotNull, lte, sql } from 'drizzle-orm';
import { type ChainAdapter, GAS_WALLET, HOT_WALLET } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { ASSET_ACCOUNTS, chainCursors, coins, platformEntries } from '../../db/schema';

/**
 * chain:reconcile (docs/decisions/2026-12-07-platform-books.md): per chain and coin, what is on
 * chain at the platform's addresses (the hot wallet, the gas wallet, and every address the books
 * hold something at: the unswept order and deposit addresses) against what the books' asset
 * lines say, both at one height: the chain's booked height, up to which every movement is
 * booked. Clean when every difference is zero, address by address. On a UTXO chain (Doge) the
 * on-chain side is the platform's unspent outputs at each address (the adapter's balanceOf: the
 * outputs it tracks that the node reports unspent, at the node's tip), and there is no gas wallet.
 */
export interface AddressDifference {
  address: string;
  onChain: string;
  booked: string;
}

export interface ReconcileRow {
  chainId: string;
  coinName: string;
  height: number;
  onChain: string;
  booked: string;
  difference: string;
  /** The addresses whose balance differs from the books (empty when clean). */
  differences: AddressDifference[];
}

/** The height the books are complete to: the end of the last whole watcher pass (else the head). */
export async function bookedHeightOf(db: Executor, adapter: ChainAdapter): Promise<number> {
  const [cursor] = await db
    .select({ booked: chainCursors.bookedHeight })
    .from(chainCursors)
    .where(eq(chainCursors.chainId, adapter.chainId));
  return cursor?.booked ?? (await adapter.headHeight());
}

export async function reconcileChain(
  db: Executor,
  adapter: ChainAdapter,
  options: { height?: number } = {},
): Promise<ReconcileRow[]> {
  const height = options.height ?? (await bookedHeightOf(db, adapter));
  const chainCoins = await db
    .select({ coinName: coins.coinName, isNative: coins.isNative })
    .from(coins)
    .where(eq(coins.chainId, adapter.chainId));
  const booked = await db
    .select({
      coinName: platformEntries.coinName,
      address: platformEntries.address,
      amount: sql<string>`sum(${platformEntries.amount})`,
    })
    .from(platformEntries)
    .where(
      and(
        eq(platformEntries.chainId, adapter.chainId),
        inArray(platformEntries.account, [...ASSET_ACCOUNTS]),
        isNotNull(platformEntries.address),
        lte(platformEntries.blockHeight, height),
      ),
    )
    .groupBy(platformEntries.coinName, platformEntries.address);

  const hot = adapter.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  const gas = adapter.deriveAddress(GAS_WALLET.index, GAS_WALLET.account);
  const rows: ReconcileRow[] = [];
  for (const coin of chainCoins) {
    const held = new Map<string, string>();
    for (const line of booked) {
      if (line.coinName === coin.coinName && line.address) held.set(line.address, line.amount);
    }
    // The wallets are always looked at: coin sent to them from outside is a difference too. A
    // UTXO chain has no gas wallet (a consolidation pays its own fee).
    const noGas = adapter.family === 'doge' || adapter.sender.kind === 'utxo';
    const wallets = coin.isNative && !noGas ? [hot, gas] : [hot];
    for (const address of wallets) if (!held.has(address)) held.set(address, '0');
    let onChainTotal = money('0');
    let bookedTotal = money('0');
    const differences: AddressDifference[] = [];
    for (const [address, amount] of held) {
      const onChain = await adapter.balanceOf(address, coin.coinName, height);
      onChainTotal = onChainTotal.plus(onChain);
      bookedTotal = bookedTotal.plus(amount);
      if (!money(onChain).eq(amount)) {
        differences.push({ address, onChain: toDecimalString(onChain), booked: toDecimalString(amount) });
      }
    }
    rows.push({
      chainId: adapter.chainId,
      coinName: coin.coinName,
      height,
      onChain: toDecimalString(onChainTotal),
      booked: toDecimalString(bookedTotal),
      difference: toDecimalString(onChainTotal.minus(bookedTotal)),
      differences,
    });
  }
  return rows;
}

export const isClean = (rows: readonly ReconcileRow[]) => rows.every((row) => row.differences.length === 0);

/** The table chain:reconcile prints. */
export function formatReconcile(rows: readonly ReconcileRow[]): string {
  const header = ['chain', 'coin', 'height', 'on chain', 'books', 'difference'];
  const body = rows.map((row) => [
    row.chainId,
    row.coinName,
    String(row.height),
    row.onChain,
    row.booked,
    row.difference,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...body.map((cells) => cells[i]?.length ?? 0)),
  );
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  const out = [line(header), ...body.map(line)];
  for (const row of rows) {
    for (const d of row.differences) {
      out.push(`  ${row.chainId} ${row.coinName} ${d.address}: on chain ${d.onChain}, books ${d.booked}`);
    }
  }
  return out.join('\n');
}
