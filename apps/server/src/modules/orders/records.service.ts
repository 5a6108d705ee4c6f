import {
  ErrorCode,
  type OrderDetail,
  type OrderPage,
  type OrderRecord,
  type OrderTransfer,
  type orderPageBody,
  toDecimalString,
} from '@tollgate/contracts';
import type { z } from 'zod';
import type { Database } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { shownWithdrawalStatus } from '../assets/withdrawal.repository';
import { getDeliveryLog, toDeliveryLogResponse } from '../callbacks/delivery-log';
import { findResendBlock } from '../callbacks/resend-rule';
import type { OrderChains } from './order-chains';
import { toOrderObject } from './order-object';
import {
  findOrderRecord,
  type OrderRecordRow,
  pageOrderRecords,
  transfersOfOrder,
} from './records.repository';

/**
 * The collection (and payout) records of the back office: only the caller's own orders. The
 * `merchantId` filter of the SPEC is honoured as a filter: another merchant's ID lists nothing.
 */
export interface RecordsDeps {
  db: Database;
  chains: Pick<OrderChains, 'get'>;
  publicUrl: string;
  /** RECORDS_WINDOW: the rows a list pages through and counts (config.recordsWindow). */
  recordsWindow: number;
}

type PageBody = z.output<typeof orderPageBody>;

/**
 * A payout shows its destination as the receiving address (its order has no address of its own)
 * and has no cashier.
 */
function toRecord(row: OrderRecordRow, publicUrl: string): OrderRecord {
  const order = toOrderObject(row.order, { publicUrl, appId: row.appId });
  const payout = row.order.type === 'payout';
  return {
    ...order,
    payAddress: order.payAddress ?? row.toAddress,
    cashierUrl: payout ? null : order.cashierUrl,
    appName: row.appName,
    type: row.order.type,
  };
}

const isoOrNull = (at: Date | null) => (at ? at.toISOString() : null);

export async function listOrderRecords(
  deps: RecordsDeps,
  merchantId: number,
  body: PageBody,
): Promise<OrderPage> {
  const { pageNo, pageSize, merchantId: merchantFilter, ...filters } = body;
  if (merchantFilter !== undefined && merchantFilter !== String(merchantId)) {
    return { list: [], total: 0, totalCapped: false, pageNo, pageSize };
  }
  const { rows, total, totalCapped } = await pageOrderRecords(deps.db, merchantId, filters, {
    pageNo,
    pageSize,
    window: deps.recordsWindow,
  });
  return { list: rows.map((row) => toRecord(row, deps.publicUrl)), total, totalCapped, pageNo, pageSize };
}

export async function getOrderDetail(
  deps: RecordsDeps,
  merchantId: number,
  orderNo: string,
): Promise<OrderDetail> {
  const row = await findOrderRecord(deps.db, merchantId, orderNo);
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  const transfers = await transfersOfOrder(deps.db, row.order.id);
  const heads = new Map<string, { head: number; required: number } | null>();
  for (const chainId of new Set(transfers.map((t) => t.chainId))) {
    const adapter = deps.chains.get(chainId);
    heads.set(
      chainId,
      adapter ? { head: await adapter.headHeight(), required: adapter.confirmations } : null,
    );
  }
  const log = await getDeliveryLog(deps.db, row.order.id);
  const { order } = row;
  return {
    order: {
      ...toRecord(row, deps.publicUrl),
      description: order.description,
      language: order.language as OrderDetail['order']['language'],
      callbackUrl: order.callbackUrl,
      redirectUrl: order.redirectUrl,
      arrivedAt: order.arrivedAt ? order.arrivedAt.toISOString() : null,
      fiat: order.fiat,
      fiatAmount: order.fiat && order.fiatAmount !== null ? toDecimalString(order.fiatAmount) : null,
    },
    transfers: transfers.map((t): OrderTransfer => {
      const chain = heads.get(t.chainId);
      return {
        chainId: t.chainId,
        txHash: t.txHash,
        logIndex: t.logIndex,
        fromAddress: t.fromAddress,
        toAddress: t.toAddress,
        coinName: t.coinName,
        amount: toDecimalString(t.amount),
        blockHeight: t.blockHeight,
        // An order's transfers are never below_minimum (that is a merchant deposit's status). A
        // credited one a deep reorg orphaned (`reorged`) stays credited: the credit stands, and
        // the operator's deep_reorg alert lists it.
        status:
          t.status === 'reorged'
            ? 'credited'
            : t.status === 'confirming' || t.status === 'credited' || t.status === 'unmatched'
              ? t.status
              : 'ignored',
        confirmations: chain ? Math.max(chain.head - t.blockHeight + 1, 0) : 0,
        confirmationsRequired: chain?.required ?? 0,
        seenAt: t.seenAt.toISOString(),
        creditedAt: t.creditedAt ? t.creditedAt.toISOString() : null,
      };
    }),
    withdrawal:
      order.type === 'payout' && row.withdrawal
        ? {
            withdrawalNo: row.withdrawal.withdrawalNo,
            status: shownWithdrawalStatus(row.withdrawal.status),
            reason: row.withdrawal.reason,
            reviewedAt: isoOrNull(row.withdrawal.reviewedAt),
            sentAt: isoOrNull(row.withdrawal.sentAt),
            finishedAt: isoOrNull(row.withdrawal.finishedAt),
          }
        : null,
    deliveryLog: toDeliveryLogResponse(
      log,
      findResendBlock({
        callbackUrl: order.callbackUrl,
        appCallbackUrl: row.appCallbackUrl,
        hasEvent: log.hasEvent,
      }),
    ),
  };
}
