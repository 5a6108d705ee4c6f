import { type CashierView, ErrorCode, isLanguage, money, toDecimalString } from '@tollgate/contracts';
import type { ChainAdapter } from '../../chains/chain-adapter';
import { explorerTransactionUrl } from '../../chains/explorer';
import type { Executor } from '../../db/client';
import { AppError } from '../../lib/app-error';
import type { Clock } from '../../types';
import type { OrderRow } from '../orders/order.repository';
import { enabledAdapter } from '../orders/order-chains';
import { ORDER_NO_PATTERN } from '../orders/order-number';
import {
  currencyNetworks,
  findCollectionOrders,
  newestWaitingBlocks,
  type PayingTransfer,
  payingTransfers,
} from './cashier.repository';

/**
 * The cashier's view of orders: what a customer holding the link may see, computed from the
 * database alone (so every node answers alike). Never the merchant's side of the order: no
 * merchant or application, no merchantOrderNo, no callback URL, no fee; the redirect URL only
 * once the order is completed. Views are built in batches: the event streams of one node
 * share one read a second (cashier-events.ts).
 */
export interface CashierDeps {
  db: Executor;
  now: Clock;
  chains: {
    readonly mode: 'devnet' | 'live';
    get(chainId: string): ChainAdapter | undefined;
    readonly devnet: unknown;
  };
}

interface ViewExtras {
  networks: CashierView['networks'];
  networkName: string | null;
  confirmations: CashierView['confirmations'];
  simulate: boolean;
  transfers: readonly PayingTransfer[];
}

export function toCashierView(row: OrderRow, extras: ViewExtras, now: Date): CashierView {
  const remaining = money(row.amount).minus(row.paidAmount);
  return {
    orderNo: row.orderNo,
    amount: toDecimalString(row.amount),
    currency: row.currency,
    network: row.network,
    networkName: extras.networkName,
    networks: extras.networks,
    payAddress: row.payAddress,
    // The cashier loads collection orders only (cashier.repository.ts), whose statuses these are.
    status: row.status as CashierView['status'],
    exception: row.exception,
    paidAmount: toDecimalString(row.paidAmount),
    remaining: remaining.gt(0) ? toDecimalString(remaining) : '0',
    description: row.description,
    txHash: row.txHash,
    transfers: extras.transfers.map((transfer) => ({
      txHash: transfer.txHash,
      amount: toDecimalString(transfer.amount),
      confirmed: transfer.status === 'credited',
      explorerUrl: explorerTransactionUrl(transfer.chainId, transfer.txHash, row.test),
    })),
    expiresAt: row.expiresAt.toISOString(),
    serverTime: now.toISOString(),
    confirmations: extras.confirmations,
    redirectUrl: row.status === 'completed' && row.redirectUrl !== '' ? row.redirectUrl : null,
    language: isLanguage(row.language) ? row.language : null,
    test: row.test,
    simulate: extras.simulate,
  };
}

/** Views of the orders that exist (unknown numbers are simply absent), keyed by orderNo. */
export async function loadCashierViews(
  deps: CashierDeps,
  orderNos: readonly string[],
): Promise<Map<string, CashierView>> {
  const rows = await findCollectionOrders(
    deps.db,
    orderNos.filter((orderNo) => ORDER_NO_PATTERN.test(orderNo)),
  );
  const confirming = rows.filter((row) => row.status === 'confirming' && row.network !== null);
  const waiting = await newestWaitingBlocks(
    deps.db,
    confirming.map((row) => row.id),
  );
  // Only an order with a network can have been paid.
  const transfersOf = await payingTransfers(
    deps.db,
    rows.filter((row) => row.network !== null).map((row) => row.id),
  );
  const heads = new Map<string, number>();
  const networksOf = new Map<string, CurrencyNetwork[]>();
  const views = new Map<string, CashierView>();
  for (const row of rows) {
    const known = networksOf.get(row.currency) ?? (await currencyNetworks(deps.db, row.currency));
    networksOf.set(row.currency, known);
    // The choices while there is none: the enabled chains carrying the currency (the order
    // service took the amount only if every one of them can carry it exactly).
    const networks =
      row.network !== null
        ? []
        : known
            .filter((network) => enabledAdapter(deps.chains, network.chainId) !== undefined)
            .map(({ chainId, chainName }) => ({ chainId, chainName }));
    const networkName =
      row.network === null ? null : (known.find((n) => n.chainId === row.network)?.chainName ?? row.network);
    let confirmations: CashierView['confirmations'] = null;
    const adapter = row.network === null ? undefined : enabledAdapter(deps.chains, row.network);
    if (row.status === 'confirming' && adapter) {
      const need = adapter.confirmations;
      const height = waiting.get(row.id);
      let have = need;
      if (height !== undefined) {
        const head = heads.get(adapter.chainId) ?? (await adapter.headHeight());
        heads.set(adapter.chainId, head);
        have = Math.max(0, Math.min(need, head - height + 1));
      }
      confirmations = { have, need };
    }
    const simulate = deps.chains.devnet !== null && row.test;
    views.set(
      row.orderNo,
      toCashierView(
        row,
        { networks, networkName, confirmations, simulate, transfers: transfersOf.get(row.id) ?? [] },
        deps.now(),
      ),
    );
  }
  return views;
}

/** One order's view; a clean 404 for an unknown number (of any shape). */
export async function loadCashierView(deps: CashierDeps, orderNo: string): Promise<CashierView> {
  const view = (await loadCashierViews(deps, [orderNo])).get(orderNo);
  if (!view) throw new AppError(ErrorCode.NOT_FOUND);
  return view;
}

type CurrencyNetwork = Awaited<ReturnType<typeof currencyNetworks>>[number];
