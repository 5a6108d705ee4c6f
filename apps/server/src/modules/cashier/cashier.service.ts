import {
  type CashierSimulateResult,
  type CashierView,
  ErrorCode,
  money,
  toDecimalString,
} from '@tollgate/contracts';
import type { DevnetControl } from '../../chains/chain-registry';
import type { Database } from '../../db/client';
import { AppError, fieldError } from '../../lib/app-error';
import { assignOrderNetwork } from '../orders/order.service';
import { payableNetworks } from '../orders/order-chains';
import { ORDER_NO_PATTERN } from '../orders/order-number';
import { findCollectionOrders } from './cashier.repository';
import { type CashierDeps, loadCashierView } from './cashier-view';

/**
 * What a customer does on the cashier. Rules, in order:
 * 1. Only collection orders, by their public number; anything else is a 404 (of any shape,
 *    without touching the database when the number cannot be one).
 * 2. Choosing the network: the order service assigns it and the order's own address once
 *    (one conditional UPDATE, so of two racing choices one wins); the customer gets the view as
 *    it then stands, whoever won, or unchanged when the order is no longer open.
 * 3. Simulating (devnet only, test orders only: simulated money never reaches an order taken in
 *    live mode): a devnet transfer to the order's address through the devnet's own function.
 *    The next block includes it and the watcher attributes it like any chain transfer; nothing
 *    here touches the order. The order needs its address (a network chosen) first.
 */
export type CashierServiceDeps = CashierDeps & { db: Database };

export async function chooseCashierNetwork(
  deps: CashierServiceDeps,
  orderNo: string,
  chainId: string,
): Promise<CashierView> {
  if (!ORDER_NO_PATTERN.test(orderNo)) throw new AppError(ErrorCode.NOT_FOUND);
  await assignOrderNetwork(deps, orderNo, chainId);
  return loadCashierView(deps, orderNo);
}

export async function simulateCashierPayment(
  deps: CashierServiceDeps & { devnet: Pick<DevnetControl, 'transfer'> },
  orderNo: string,
  amount: string,
): Promise<CashierSimulateResult> {
  const [order] = ORDER_NO_PATTERN.test(orderNo) ? await findCollectionOrders(deps.db, [orderNo]) : [];
  if (!order?.test) throw new AppError(ErrorCode.NOT_FOUND);
  const { network, payAddress } = order;
  if (network === null) throw fieldError('orderNo', 'validation.collection.networkRequired');
  if (payAddress === null) throw fieldError('orderNo', 'validation.collection.noAddress');
  const coin = (await payableNetworks(deps.db, deps.chains, order.currency)).find(
    (n) => n.chainId === network,
  );
  if (!coin) throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  const exact = toDecimalString(amount);
  if (money(exact).decimalPlaces() > coin.decimals) {
    throw fieldError('amount', 'validation.collection.amountDecimals');
  }
  const transfer = await deps.devnet.transfer({
    chainId: network,
    toAddress: payAddress,
    coinName: order.currency,
    amount: exact,
  });
  return { txHash: transfer.txHash, amount: transfer.amount };
}
