import { createHash } from 'node:crypto';
import {
  type CreatePayoutBody,
  ErrorCode,
  type PayoutObject,
  sumMoney,
  toDecimalString,
} from '@tollgate/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { orders, withdrawals } from '../../db/schema';
import { AppError, isAppError } from '../../lib/app-error';
import { InsufficientBalanceError } from '../ledger/post-fund-record';
import { findMerchantById } from '../merchant/merchant.repository';
import type { ApiClient } from '../merchant-api/api-auth';
import { insertOrderIfNew, type OrderRow } from '../orders/order.repository';
import { newOrderNo } from '../orders/order-number';
import { syncPayout, toPayoutObject } from './payout-sync';
import { availableOf, type WithdrawalRow } from './withdrawal.repository';
import {
  freezeWithdrawal,
  requireWithdrawalsOpen,
  sendWithdrawal,
  type WithdrawalDeps,
} from './withdrawal.service';
import { type CheckedWithdrawal, checkWithdrawal, loadAddressWhitelist } from './withdrawal-rules';

/**
 * The payout API (POST /api/v1/payouts and /payouts/batch): payouts are withdrawals asked for by
 * a shop's server, signed with its application's secret instead of a Google code. Rules:
 * 1. withdrawals open for the merchant (3202);
 * 2. each item: (application, merchantOrderNo) names one payout; the same content again returns
 *    it, other content is 3001 (the same number twice in one batch: the same, or 3001);
 * 3. each new item passes the withdrawal rules (withdrawal-rules.ts, the address whitelist among
 *    them: 3203); in a batch a refusal
 *    names the item (`items.3.address`) and refuses the whole batch;
 * 4. one transaction for all new items: each order (type payout) and its withdrawal, amount +
 *    fee frozen; when the totals do not fit, nothing is written (3201). A concurrent create of
 *    the same number makes the transaction start again, and then finds it;
 * 5. those worth at most the auto-approve threshold are processing at once (payout.processing
 *    told) and sent after the commit; the others wait for review.
 */
export interface PayoutDeps extends WithdrawalDeps {}

interface Item extends CreatePayoutBody {
  index: number;
}

export function payoutRequestHash(item: CreatePayoutBody): string {
  const canonical = JSON.stringify([
    item.merchantOrderNo,
    item.currency,
    item.network,
    item.address.trim(),
    toDecimalString(item.amount),
    item.description ?? '',
    item.callbackUrl ?? '',
  ]);
  return createHash('sha256').update(canonical).digest('hex');
}

class RaceLost extends Error {}

const MAX_TRIES = 3;

export async function createPayouts(
  deps: PayoutDeps,
  client: ApiClient,
  items: readonly CreatePayoutBody[],
  options: { batch: boolean },
): Promise<PayoutObject[]> {
  const merchant = await findMerchantById(deps.db, client.merchantId);
  if (!merchant) throw new AppError(ErrorCode.API_AUTH_INVALID);
  requireWithdrawalsOpen(merchant, deps.now());
  const hashes = items.map(payoutRequestHash);
  // The same number twice in one request: one payout, unless the contents differ.
  const firstByNo = new Map<string, number>();
  items.forEach((item, index) => {
    const first = firstByNo.get(item.merchantOrderNo);
    if (first === undefined) firstByNo.set(item.merchantOrderNo, index);
    else if (hashes[first] !== hashes[index]) throw new AppError(ErrorCode.MERCHANT_ORDER_CONFLICT);
  });
  const field = (index: number, name: string) => (options.batch ? `items.${index}.${name}` : name);
  const whitelist = await loadAddressWhitelist(deps.db, merchant.id);

  for (let attempt = 0; attempt < MAX_TRIES; attempt++) {
    const existing = await existingPayouts(deps, client, [...firstByNo.keys()]);
    const fresh: { item: Item; hash: string; checked: CheckedWithdrawal }[] = [];
    for (const [merchantOrderNo, index] of firstByNo) {
      const item = { ...(items[index] as CreatePayoutBody), index };
      const found = existing.get(merchantOrderNo);
      if (found) {
        if (found.order.requestHash !== hashes[index]) throw new AppError(ErrorCode.MERCHANT_ORDER_CONFLICT);
        continue;
      }
      try {
        const checked = await checkWithdrawal(
          deps.db,
          deps.chains,
          {
            coinName: item.currency,
            chainId: item.network,
            address: item.address,
            amount: item.amount,
          },
          whitelist,
        );
        fresh.push({ item, hash: hashes[index] as string, checked });
      } catch (error) {
        if (isAppError(error) && error.fieldErrors.length > 0) {
          const renamed = error.fieldErrors.map((e) => ({
            ...e,
            field: field(
              index,
              e.field === 'coinName' ? 'currency' : e.field === 'chainId' ? 'network' : e.field,
            ),
          }));
          throw new AppError(error.code, { fieldErrors: renamed });
        }
        throw error;
      }
    }
    let created: { order: OrderRow; withdrawal: WithdrawalRow }[];
    try {
      created = await deps.db.transaction(async (tx) => {
        const out: { order: OrderRow; withdrawal: WithdrawalRow }[] = [];
        let told = false;
        for (const { item, hash, checked } of fresh) {
          const now = deps.now();
          const order = await insertOrderIfNew(tx, {
            orderNo: newOrderNo(now),
            type: 'payout',
            merchantId: client.merchantId,
            applicationId: client.applicationId,
            merchantOrderNo: item.merchantOrderNo,
            source: 'api',
            currency: checked.coinName,
            network: checked.chainId,
            amount: checked.amount,
            fee: checked.fee,
            status: 'pending_review',
            description: item.description ?? '',
            callbackUrl: item.callbackUrl ?? '',
            test: deps.chains.mode === 'devnet',
            requestHash: hash,
            createdAt: now,
            updatedAt: now,
            expiresAt: now,
          });
          if (!order) throw new RaceLost();
          const withdrawal = await freezeWithdrawal(tx, {
            merchant,
            checked,
            source: 'api',
            orderId: order.id,
            remark: item.description ?? '',
            test: deps.chains.mode === 'devnet',
            now,
          });
          told = (await syncPayout(tx, withdrawal, now)) || told;
          out.push({ order, withdrawal });
        }
        return out;
      });
    } catch (error) {
      if (error instanceof RaceLost) continue;
      if (error instanceof InsufficientBalanceError) {
        const coin = error.currency;
        const needed = toDecimalString(
          sumMoney(fresh.filter((f) => f.checked.coinName === coin).map((f) => f.checked.total)),
        );
        const available = toDecimalString(await availableOf(deps.db, client.merchantId, coin));
        throw new AppError(ErrorCode.INSUFFICIENT_BALANCE, {
          details: { needed, available },
          messageParams: { needed, available, coin },
        });
      }
      throw error;
    }
    if (created.some(({ withdrawal }) => withdrawal.status === 'processing')) deps.jobs?.wake();
    for (const { withdrawal } of created) {
      if (withdrawal.status === 'processing') await sendWithdrawal(deps, withdrawal.id);
    }
    const all = await existingPayouts(deps, client, [...firstByNo.keys()]);
    return items.map((item) => {
      const found = all.get(item.merchantOrderNo);
      if (!found) throw new Error('payout vanished after its creation');
      return toPayoutObject(found.order, found.withdrawal, client.appId);
    });
  }
  throw new Error('createPayouts: lost the race for the same numbers several times');
}

async function existingPayouts(deps: Pick<PayoutDeps, 'db'>, client: ApiClient, merchantOrderNos: string[]) {
  const rows = await deps.db
    .select({ order: orders, withdrawal: withdrawals })
    .from(orders)
    .innerJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(
      and(
        eq(orders.applicationId, client.applicationId),
        eq(orders.type, 'payout'),
        inArray(orders.merchantOrderNo, merchantOrderNos),
      ),
    );
  return new Map(rows.map((row) => [row.order.merchantOrderNo, row]));
}

export async function getPayout(
  deps: Pick<PayoutDeps, 'db'>,
  client: ApiClient,
  orderNo: string,
): Promise<PayoutObject> {
  const [row] = await deps.db
    .select({ order: orders, withdrawal: withdrawals })
    .from(orders)
    .innerJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(
      and(
        eq(orders.orderNo, orderNo),
        eq(orders.applicationId, client.applicationId),
        eq(orders.type, 'payout'),
      ),
    );
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return toPayoutObject(row.order, row.withdrawal, client.appId);
}
