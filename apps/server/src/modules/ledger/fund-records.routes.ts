import {
  endpoints,
  type FundsRecordItem,
  type FundsRecordPage,
  fundActionOf,
  type fundsRecordBody,
  toDecimalString,
} from '@tollgate/contracts';
import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { z } from 'zod';
import type { Executor } from '../../db/client';
import { fundRecords } from '../../db/schema';
import { countWithin, windowedPage } from '../../lib/records-window';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';

/**
 * POST /front/merchant/account/funds-record: the merchant's fund flow, newest first. `hash` is
 * the transaction hash on the chain (SPEC 3's column); the ledger's own hash chain stays inside.
 * `action` says what each record did (a withdrawal's freeze, settle, fee or release: fund-action.ts
 * in contracts); a deposit's `orderNo` is its platform number (`DP…`).
 */
type Body = z.output<typeof fundsRecordBody>;

/** The list call's filters as conditions (the exports read the same rows). */
export function fundRecordConditions(merchantId: number, body: Omit<Body, 'pageNo' | 'pageSize'>): SQL[] {
  return [
    eq(fundRecords.merchantId, merchantId),
    body.type ? eq(fundRecords.type, body.type) : undefined,
    body.currency ? eq(fundRecords.currency, body.currency) : undefined,
    body.timeFrom ? gte(fundRecords.createdAt, new Date(body.timeFrom)) : undefined,
    body.timeTo ? lt(fundRecords.createdAt, new Date(body.timeTo)) : undefined,
    body.orderNo ? eq(fundRecords.orderNo, body.orderNo) : undefined,
  ].filter((c): c is SQL => c !== undefined);
}

export async function listFundRecords(
  db: Executor,
  merchantId: number,
  body: Body,
  window: number,
): Promise<FundsRecordPage> {
  const { offset, limit } = windowedPage(window, body.pageNo, body.pageSize);
  const where = and(...fundRecordConditions(merchantId, body));
  const counted = await countWithin(db, fundRecords, where, window);
  // Nothing at this offset: no need to walk the index looking for it.
  if (!counted.totalCapped && offset >= counted.total) return { list: [], ...counted };
  const rows = await db
    .select()
    .from(fundRecords)
    .where(where)
    .orderBy(desc(fundRecords.createdAt), desc(fundRecords.id))
    .limit(limit)
    .offset(offset);
  return {
    list: rows.map(
      (r): FundsRecordItem => ({
        createdAt: r.createdAt.toISOString(),
        type: r.type,
        orderNo: r.orderNo,
        hash: r.txHash,
        address: r.address,
        currency: r.currency,
        network: r.network,
        amount: toDecimalString(r.amount),
        fee: toDecimalString(r.fee),
        status: r.status,
        bucket: r.bucket,
        balanceBefore: toDecimalString(r.balanceBefore),
        changeAmount: toDecimalString(r.changeAmount),
        balanceAfter: toDecimalString(r.balanceAfter),
        action: fundActionOf({ type: r.type, status: r.status, changeAmount: r.changeAmount }),
      }),
    ),
    ...counted,
  };
}

export function registerFundRecordRoutes(app: FastifyInstance): void {
  registerEndpoint(app, endpoints.fundsRecord, ({ body, request }) =>
    listFundRecords(app.db, requireSession(request).merchantId, body, app.config.recordsWindow),
  );
}
