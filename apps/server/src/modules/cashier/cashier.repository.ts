import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chains, chainTransfers, coins, orders } from '../../db/schema';
import type { OrderRow } from '../orders/order.repository';

/** What the cashier reads: orders by their public number, the currency's networks, waiting transfers. */
export async function findCollectionOrders(db: Executor, orderNos: readonly string[]): Promise<OrderRow[]> {
  if (orderNos.length === 0) return [];
  return db
    .select()
    .from(orders)
    .where(and(inArray(orders.orderNo, [...orderNos]), eq(orders.type, 'collection')));
}

/** Every chain that carries `currency` (enabled or not: the caller filters), in the chains' order. */
export async function currencyNetworks(
  db: Executor,
  currency: string,
): Promise<{ chainId: string; chainName: string; decimals: number }[]> {
  return db
    .select({ chainId: coins.chainId, chainName: chains.chainName, decimals: coins.decimals })
    .from(coins)
    .innerJoin(chains, eq(chains.chainId, coins.chainId))
    .where(eq(coins.coinName, currency))
    .orderBy(asc(chains.sort), asc(coins.chainId));
}

/**
 * Per order, the block of its newest transfer still waiting for confirmations (the one that
 * decides how far the order is from completed). Orders with none waiting are absent.
 */
export async function newestWaitingBlocks(
  db: Executor,
  orderIds: readonly number[],
): Promise<Map<number, number>> {
  if (orderIds.length === 0) return new Map();
  const rows = await db
    .select({ orderId: chainTransfers.orderId, height: max(chainTransfers.blockHeight) })
    .from(chainTransfers)
    .where(and(inArray(chainTransfers.orderId, [...orderIds]), eq(chainTransfers.status, 'confirming')))
    .groupBy(chainTransfers.orderId);
  return new Map(
    rows.flatMap((row) => (row.orderId !== null && row.height !== null ? [[row.orderId, row.height]] : [])),
  );
}
