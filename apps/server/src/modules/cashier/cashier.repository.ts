import { and, asc, eq, inArray, max } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chains, chainTransfers, coins, orders } from '../../db/schema';
import type { OrderRow } from '../orders/order.repository';

/**
 * What the cashier reads: orders by their public number, the currency's networks, their
 * transfers and the waiting ones.
 */
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

export interface PayingTransfer {
  chainId: string;
  txHash: string;
  amount: string;
  status: 'confirming' | 'credited';
}

/**
 * Per order, every transfer that paid it, oldest first: waiting or credited; not a transfer of
 * another coin to its address (`ignored`, never counted).
 */
export async function payingTransfers(
  db: Executor,
  orderIds: readonly number[],
): Promise<Map<number, PayingTransfer[]>> {
  const byOrder = new Map<number, PayingTransfer[]>();
  if (orderIds.length === 0) return byOrder;
  const rows = await db
    .select({
      orderId: chainTransfers.orderId,
      chainId: chainTransfers.chainId,
      txHash: chainTransfers.txHash,
      amount: chainTransfers.amount,
      status: chainTransfers.status,
    })
    .from(chainTransfers)
    .where(
      and(
        inArray(chainTransfers.orderId, [...orderIds]),
        inArray(chainTransfers.status, ['confirming', 'credited']),
      ),
    )
    .orderBy(asc(chainTransfers.id));
  for (const { orderId, status, ...transfer } of rows) {
    if (orderId === null || (status !== 'confirming' && status !== 'credited')) continue;
    const list = byOrder.get(orderId) ?? [];
    list.push({ ...transfer, status });
    byOrder.set(orderId, list);
  }
  return byOrder;
}
