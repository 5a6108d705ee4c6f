import { ErrorCode, money, type TestPayResult, toDecimalString } from '@tollgate/contracts';
import type { DevnetControl } from '../../chains/chain-registry';
import { AppError, fieldError } from '../../lib/app-error';
import { assignOrderNetwork, getCollectionByNo, type OrderDeps } from '../orders/order.service';
import { payableNetworks } from '../orders/order-chains';
import type { ApiClient } from './api-auth';

/**
 * Devnet only: a simulated customer pays an order. Rules, in order:
 * 1. The order is one of the calling application's (404 otherwise).
 * 2. An order without a network takes the one given, as the cashier would assign it (1001 when
 *    none is given, 3002 when it cannot carry the currency); an order with one refuses another.
 * 3. The coin is the order's, or another the network carries (`currency`: a customer paying the
 *    wrong token, which the watcher records unmatched); the amount fits its decimals (a chain
 *    cannot move less than a unit).
 * 4. The payment is a devnet transfer to the order's address: the next devnet block includes it
 *    and the watcher attributes it like any chain transfer. Nothing here touches the order.
 */
export interface TestPayInput {
  orderNo: string;
  client: ApiClient;
  amount: string;
  network?: string | undefined;
  /** Another coin of the network (a wrong token): recorded unmatched by the watcher. */
  currency?: string | undefined;
}

export async function payOrderOnDevnet(
  deps: OrderDeps & { devnet: Pick<DevnetControl, 'transfer'> },
  input: TestPayInput,
): Promise<TestPayResult> {
  let order = await getCollectionByNo(deps.db, input.orderNo, input.client.applicationId);
  if (order?.type !== 'collection') throw new AppError(ErrorCode.NOT_FOUND);
  if (order.network === null) {
    if (input.network === undefined) throw fieldError('network', 'validation.collection.networkRequired');
    order = await assignOrderNetwork(deps, order.orderNo, input.network);
  } else if (input.network !== undefined && input.network !== order.network) {
    throw fieldError('network', 'validation.collection.networkMismatch');
  }
  const { network, payAddress } = order;
  // Still no address: the order expired before a network was chosen, so nothing can pay it.
  if (network === null || payAddress === null) throw fieldError('network', 'validation.collection.noAddress');

  const currency = input.currency ?? order.currency;
  const coin = (await payableNetworks(deps.db, deps.chains, currency)).find((n) => n.chainId === network);
  if (!coin && input.currency !== undefined) throw fieldError('currency', 'validation.collection.currency');
  if (!coin) throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  const amount = toDecimalString(input.amount);
  if (money(amount).decimalPlaces() > coin.decimals)
    throw fieldError('amount', 'validation.collection.amountDecimals');

  const { txHash } = await deps.devnet.transfer({
    chainId: network,
    toAddress: payAddress,
    coinName: currency,
    amount,
  });
  return { orderNo: order.orderNo, network, toAddress: payAddress, currency, amount, txHash };
}
