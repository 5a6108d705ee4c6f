import { toDecimalString } from '@tollgate/contracts';
import { recordCallbackEvent } from '../callbacks/callback-events';
import type { OrderRow } from '../orders/order.repository';
import type { EpusdtEventWriter } from '../orders/order-events';
import { memberSignText, signEpusdt } from './epusdt-signature';
import { readJsonObjectMembers } from './json-members';

/**
 * The callback epusdt plugins wait for: once, when the order is paid (completed), a POST of
 * `{ trade_id, order_id, amount, actual_amount, token, block_transaction_id, signature,
 * status: 2 }` to notify_url (the order's callbackUrl), acknowledged by `ok` or `success`,
 * retried on the callback schedule. Other changes (confirming, expired, a partial payment) are
 * not told: epusdt has no message for them.
 * - `amount` is the fiat amount of the request, `actual_amount` the coin amount asked; both are
 *   JSON numbers that PHP's, Go's and JS's floats print exactly as we signed them (from 0.0001,
 *   at most 14 significant digits: epusdt-signature.ts isPortableNumber, checked at create).
 * - The event stores the body unsigned (`"signature":""`): the delivery signs each attempt
 *   with the application's APPSECRET as it is then (callback-delivery.ts), so a token reset
 *   while a callback is retried does not leave it signed with a token the shop dropped.
 */
export const EPUSDT_STATUS_PAID = 2;

export function createEpusdtEventWriter(): EpusdtEventWriter {
  return async (tx, { order, type, now }) => {
    if (type !== 'collection.completed') return;
    await recordCallbackEvent(tx, {
      merchantId: order.merchantId,
      applicationId: order.applicationId,
      orderId: order.id,
      type,
      data: { orderNo: order.orderNo, status: EPUSDT_STATUS_PAID },
      format: 'epusdt',
      body: buildEpusdtNotifyBody(order),
      now,
    });
  };
}

/** The body in epusdt's field order, with an empty signature. */
export function buildEpusdtNotifyBody(order: OrderRow): string {
  const fields: [string, string][] = [
    ['trade_id', JSON.stringify(order.orderNo)],
    ['order_id', JSON.stringify(order.merchantOrderNo)],
    ['amount', toDecimalString(order.fiatAmount ?? order.amount)],
    ['actual_amount', toDecimalString(order.amount)],
    ['token', JSON.stringify(order.payAddress ?? '')],
    ['block_transaction_id', JSON.stringify(order.txHash ?? '')],
    ['signature', '""'],
    ['status', String(EPUSDT_STATUS_PAID)],
  ];
  return renderObject(fields);
}

/** The body with its `signature` set to the epusdt MD5 of the other fields under `token`. */
export function signEpusdtNotifyBody(body: string, token: string): string {
  const members = readJsonObjectMembers(body);
  const signed: [string, string][] = [];
  for (const [key, member] of members) {
    if (key !== 'signature') signed.push([key, memberSignText(key, member, 'source')]);
  }
  const signature = signEpusdt(signed, token);
  return renderObject(
    [...members].map(([key, member]) => [key, key === 'signature' ? JSON.stringify(signature) : member.raw]),
  );
}

function renderObject(fields: [string, string][]): string {
  return `{${fields.map(([key, raw]) => `${JSON.stringify(key)}:${raw}`).join(',')}}`;
}
