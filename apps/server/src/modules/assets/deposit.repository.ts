import { and, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { coins, depositAddresses } from '../../db/schema';

/** Deposit addresses: one per merchant and chain, created on first request, never changed. */
export type DepositAddressRow = typeof depositAddresses.$inferSelect;

export async function findDepositAddress(
  db: Executor,
  merchantId: number,
  chainId: string,
): Promise<DepositAddressRow | undefined> {
  const [row] = await db
    .select()
    .from(depositAddresses)
    .where(and(eq(depositAddresses.merchantId, merchantId), eq(depositAddresses.chainId, chainId)));
  return row;
}

/** Inserts the address unless the merchant has one on the chain already (two requests at once agree). */
export async function insertDepositAddress(
  db: Executor,
  values: typeof depositAddresses.$inferInsert,
): Promise<void> {
  await db
    .insert(depositAddresses)
    .values(values)
    .onConflictDoNothing({ target: [depositAddresses.merchantId, depositAddresses.chainId] });
}

/** Every deposit address of a chain by address: what the watcher watches besides orders. */
export async function depositAddressesOfChain(
  db: Executor,
  chainId: string,
): Promise<Map<string, { id: number; merchantId: number }>> {
  const rows = await db
    .select({
      id: depositAddresses.id,
      merchantId: depositAddresses.merchantId,
      address: depositAddresses.address,
    })
    .from(depositAddresses)
    .where(eq(depositAddresses.chainId, chainId));
  return new Map(rows.map((row) => [row.address, { id: row.id, merchantId: row.merchantId }]));
}

/** The coin on a chain with its deposit minimum; undefined when the chain does not carry it. */
export async function findChainCoin(db: Executor, chainId: string, coinName: string) {
  const [row] = await db
    .select({
      coinName: coins.coinName,
      decimals: coins.decimals,
      minDepositAmount: coins.minDepositAmount,
      minWithdrawalAmount: coins.minWithdrawalAmount,
      maxWithdrawalAmount: coins.maxWithdrawalAmount,
    })
    .from(coins)
    .where(and(eq(coins.chainId, chainId), eq(coins.coinName, coinName)));
  return row;
}

/** The deposit minimum of every coin of a chain. */
export async function depositMinimumsOfChain(db: Executor, chainId: string): Promise<Map<string, string>> {
  const rows = await db
    .select({ coinName: coins.coinName, min: coins.minDepositAmount })
    .from(coins)
    .where(eq(coins.chainId, chainId));
  return new Map(rows.map((row) => [row.coinName, row.min]));
}
