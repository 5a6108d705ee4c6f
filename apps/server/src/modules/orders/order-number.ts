import { randomBytes } from 'node:crypto';

/**
 * The platform order number (orderNo): public (cashier URL, API, records) and never guessable,
 * so knowing one order tells nothing about another. Format: `TG` + the creation day in
 * Asia/Shanghai (yyyymmdd, for people reading records) + 20 upper-case hex digits of 80 random
 * bits, e.g. `TG20261123` + `9F3A0C51E2B7D4806A1C`: 30 characters of [A-Z0-9]. A unique index
 * backs it up; a collision (never expected at 80 bits) is retried by the caller.
 */
export const ORDER_NO_PATTERN = /^TG\d{8}[0-9A-F]{20}$/;

const SHANGHAI_OFFSET_MS = 8 * 60 * 60_000;

function platformNo(prefix: string, now: Date): string {
  const day = new Date(now.getTime() + SHANGHAI_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
  return `${prefix}${day}${randomBytes(10).toString('hex').toUpperCase()}`;
}

export function newOrderNo(now: Date): string {
  return platformNo('TG', now);
}

/**
 * A deposit's platform number (issue 31), the same shape with `DP`: given when the watcher
 * records the transfer, carried by its fund record and shown in the fund flow and its exports.
 */
export const DEPOSIT_NO_PATTERN = /^DP\d{8}[0-9A-F]{20}$/;

export function newDepositNo(now: Date): string {
  return platformNo('DP', now);
}
