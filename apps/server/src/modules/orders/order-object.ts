import { COLLECTION_STATUS_VALUES, type CollectionStatus, toDecimalString } from '@tollgate/contracts';
import type { OrderRow } from './order.repository';

/**
 * The Order object of the merchant API, the callbacks and the records, exactly as the issue
 * names its fields. Amounts are canonical decimal strings: plain notation with no trailing
 * zeros ("10", "10.5", "0.000001"; "0" for nothing), the money module's toDecimalString, so a
 * NUMERIC(38,18) "10.000000000000000000" is "10" and every value reads the same everywhere.
 * Times are ISO 8601 in UTC.
 */
export interface OrderObject {
  orderNo: string;
  merchantOrderNo: string;
  appId: string;
  currency: string;
  network: string | null;
  amount: string;
  paidAmount: string;
  fee: string;
  status: OrderRow['status'];
  exception: OrderRow['exception'];
  payAddress: string | null;
  cashierUrl: string;
  txHash: string | null;
  test: boolean;
  createdAt: string;
  expiresAt: string;
  completedAt: string | null;
}

export function cashierUrlOf(publicUrl: string, orderNo: string): string {
  return `${publicUrl.replace(/\/+$/, '')}/pay/${orderNo}`;
}

export function toOrderObject(row: OrderRow, context: { publicUrl: string; appId: string }): OrderObject {
  return {
    orderNo: row.orderNo,
    merchantOrderNo: row.merchantOrderNo,
    appId: context.appId,
    currency: row.currency,
    network: row.network,
    amount: toDecimalString(row.amount),
    paidAmount: toDecimalString(row.paidAmount),
    fee: toDecimalString(row.fee),
    status: row.status,
    exception: row.exception,
    payAddress: row.payAddress,
    cashierUrl: cashierUrlOf(context.publicUrl, row.orderNo),
    txHash: row.txHash,
    test: row.test,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
  };
}

/** The API's collection order: an Order object whose status is one of a collection's. */
export type CollectionObject = Omit<OrderObject, 'status'> & { status: CollectionStatus };

const isCollectionStatus = (status: string): status is CollectionStatus =>
  (COLLECTION_STATUS_VALUES as readonly string[]).includes(status);

/** A collection row (its callers load collections only) as the API's Order object. */
export function toCollectionObject(
  row: OrderRow,
  context: { publicUrl: string; appId: string },
): CollectionObject {
  const object = toOrderObject(row, context);
  if (row.type !== 'collection' || !isCollectionStatus(object.status)) {
    throw new Error(`order ${row.orderNo} is not a collection (${row.type}, ${row.status})`);
  }
  return { ...object, status: object.status };
}
