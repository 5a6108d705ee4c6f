import { createHash } from 'node:crypto';
import {
  type CreatePayoutBody,
  ErrorCode,
  formatExactMoney,
  type PayoutObject,
  sumMoney,
  toDecimalString,
} from '@tollgate/contracts';
import { and, eq, inArray } from 'drizzle-orm';
import { perDatabase } from '../../db/prepared';
import { orders, withdrawals } from '../../db/schema';
import { AppError, isAppError } from '../../lib/app-error';
import { createKeyedGroupBatch } from '../../lib/group-batch';
import { InsufficientBalanceError } from '../ledger/post-fund-record';
import { findMerchantById, type MerchantRow } from '../merchant/merchant.repository';
import type { ApiClient } from '../merchant-api/api-auth';
import { insertOrdersIfNew, type OrderRow } from '../orders/order.repository';
import { newOrderNo } from '../orders/order-number';
import { syncPayout, toPayoutObject } from './payout-sync';
import { availableOf, type WithdrawalRow } from './withdrawal.repository';
import { freezeWithdrawals, requireWithdrawalsOpen, type WithdrawalDeps } from './withdrawal.service';
import {
  type AddressWhitelist,
  type CheckedWithdrawal,
  type CoinTerms,
  checkWithdrawal,
  loadAddressWhitelist,
  loadCoinTerms,
  loadOwnAddresses,
  type OwnAddresses,
} from './withdrawal-rules';
import { sendWithdrawal } from './withdrawal-send';

/**
 * The payout API (POST /api/v1/payouts and /payouts/batch): payouts are withdrawals asked for by
 * a shop's server, signed with its application's secret instead of a Google code. Rules:
 * 1. withdrawals open for the merchant (3202);
 * 2. each item: (application, merchantOrderNo) names one payout; the same content again returns
 *    it, other content is 3001 (the same number twice in one batch: the same, or 3001);
 * 3. each new item passes the withdrawal rules (withdrawal-rules.ts, the address whitelist among
 *    them: 3203; an address the platform itself holds: 1001); in a batch a refusal names the item (`items.3.address`) and refuses the whole
 *    batch;
 * 4. one transaction for all new items: each order (type payout) and its withdrawal, amount +
 *    fee frozen; when the totals do not fit, nothing is written (3201). A concurrent create of
 *    the same number makes the transaction start again, and then finds it;
 * 5. those worth at most the auto-approve threshold are processing at once (payout.processing
 *    told) and sent after the commit; the others wait for review.
 *
 * Group commit: the requests of one merchant that arrive while its previous group is being
 * written go together into the next group (createKeyedGroupBatch), which reads the merchant, its
 * whitelist, which of its addresses are the platform's own, the numbers already taken and each coin's terms once, and writes all its new
 * payouts in one transaction (multi-row INSERTs, one balance statement: freezeWithdrawals). A
 * request refused by the rules fails alone and leaves the others in the group. When the group's
 * transaction fails (it does not fit the balance, a number was taken meanwhile), each of its
 * requests is tried again alone, in arrival order: so every request gets exactly the answer it
 * would have had alone, and of 200 racing payouts that fit 100, exactly 100 succeed.
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
/** Requests (not items: a batch request counts once) in one group. */
const MAX_GROUP = 50;

/** One API request: its items, each item's hash, and the first index of each number. */
interface PayoutRequest {
  client: ApiClient;
  items: readonly CreatePayoutBody[];
  hashes: string[];
  firstByNo: Map<string, number>;
  batch: boolean;
}

type Outcome = { ok: true; payouts: PayoutObject[] } | { ok: false; error: unknown };

/** One group batcher per database, keyed by merchant. */
const acceptInGroups = perDatabase(() =>
  createKeyedGroupBatch(
    (_merchantId: number, entries: { deps: PayoutDeps; request: PayoutRequest }[]) =>
      acceptGroup(
        entries[0]?.deps as PayoutDeps,
        entries.map((entry) => entry.request),
      ),
    MAX_GROUP,
  ),
);

export async function createPayouts(
  deps: PayoutDeps,
  client: ApiClient,
  items: readonly CreatePayoutBody[],
  options: { batch: boolean },
): Promise<PayoutObject[]> {
  const hashes = items.map(payoutRequestHash);
  // The same number twice in one request: one payout, unless the contents differ.
  const firstByNo = new Map<string, number>();
  items.forEach((item, index) => {
    const first = firstByNo.get(item.merchantOrderNo);
    if (first === undefined) firstByNo.set(item.merchantOrderNo, index);
    else if (hashes[first] !== hashes[index]) {
      // Nothing of it exists yet: the message names both items rather than "already exists".
      const field = options.batch ? `items.${index}.merchantOrderNo` : 'merchantOrderNo';
      throw new AppError(ErrorCode.MERCHANT_ORDER_CONFLICT, {
        // Item numbers in a message count from 1; the field path stays 0-based.
        fieldErrors: [{ field, key: 'validation.asset.batchNumberTwice', params: { first: first + 1 } }],
      });
    }
  });
  const request: PayoutRequest = { client, items, hashes, firstByNo, batch: options.batch };
  const outcome = await acceptInGroups(deps.db)(client.merchantId, { deps, request });
  if (!outcome.ok) throw outcome.error;
  return outcome.payouts;
}

/** A group of one merchant's requests; each answer is the one it would have had alone. */
async function acceptGroup(deps: PayoutDeps, requests: PayoutRequest[]): Promise<Outcome[]> {
  const merchantId = (requests[0] as PayoutRequest).client.merchantId;
  const outcomes: Outcome[] = new Array(requests.length);
  const fail = (error: unknown) => requests.map((): Outcome => ({ ok: false, error }));
  const merchant = await findMerchantById(deps.db, merchantId);
  if (!merchant)
    return fail(new AppError(ErrorCode.API_AUTH_INVALID, { variant: 'apiApplicationUnavailable' }));
  try {
    requireWithdrawalsOpen(merchant, deps.now());
  } catch (error) {
    return answerRepeatsOnly(deps, requests, error);
  }
  const whitelist = await loadAddressWhitelist(deps.db, merchant);
  // The platform's own addresses among every item of the group: one query for the group.
  const own = await loadOwnAddresses(
    deps.db,
    deps.chains,
    requests.flatMap((request) =>
      request.items.map((item) => ({ chainId: item.network, address: item.address })),
    ),
  );

  // Optimistic first: numbers are mostly new, so the group does not look for them before writing
  // (its INSERT finds any taken). A refusal by the rules, or a number found taken, sends the group
  // through the careful way: the numbers already there read first (a repeat answers its payout,
  // other content 3001, before any rule), which is what a request alone always gets.
  for (let attempt = 0; attempt <= MAX_TRIES; attempt++) {
    const optimistic = attempt === 0;
    const existing = optimistic ? new Map<string, Created>() : await existingPayouts(deps, requests);
    const terms = new Map<string, Promise<CoinTerms | undefined>>();
    const termsOf = (chainId: string, coinName: string) => {
      const key = `${chainId}\u0000${coinName}`;
      let found = terms.get(key);
      if (!found) {
        found = loadCoinTerms(deps.db, chainId, coinName);
        terms.set(key, found);
      }
      return found;
    };
    // Each request's new items, checked; a request refused here fails alone.
    const live: { at: number; fresh: Fresh[] }[] = [];
    let refused = false;
    for (const [at, request] of requests.entries()) {
      if (outcomes[at]) continue;
      try {
        live.push({ at, fresh: await freshItems(deps, request, existing, whitelist, own, termsOf) });
      } catch (error) {
        if (optimistic) refused = true;
        else outcomes[at] = { ok: false, error };
      }
    }
    if (refused) continue;
    const fresh = live.flatMap((entry) => entry.fresh);
    let created: Created[] = [];
    try {
      if (fresh.length > 0) created = await writePayouts(deps, merchant, fresh);
    } catch (error) {
      if (optimistic && error instanceof RaceLost) continue;
      if (live.length > 1) {
        // Someone in the group does not fit, or lost a race: each request again, alone.
        for (const { at } of live) {
          outcomes[at] = (await acceptGroup(deps, [requests[at] as PayoutRequest]))[0] as Outcome;
        }
        return outcomes;
      }
      if (error instanceof RaceLost) continue;
      const only = live[0];
      if (only) outcomes[only.at] = { ok: false, error: await explain(deps, merchantId, fresh, error) };
      return outcomes;
    }
    let known = existing;
    if (created.some(({ withdrawal }) => withdrawal.status === 'processing')) {
      deps.jobs?.wake();
      for (const { withdrawal } of created) {
        if (withdrawal.status === 'processing') await sendWithdrawal(deps, withdrawal.id);
      }
      // Sending moved them on (a hash): answer them as they are now.
      known = await existingPayouts(deps, requests);
    } else {
      for (const [i, row] of created.entries()) {
        const { request, item } = fresh[i] as Fresh;
        known.set(payoutKey(request.client.applicationId, item.merchantOrderNo), row);
      }
    }
    for (const { at } of live) {
      const request = requests[at] as PayoutRequest;
      try {
        outcomes[at] = { ok: true, payouts: answer(request, known) };
      } catch (error) {
        outcomes[at] = { ok: false, error };
      }
    }
    return outcomes;
  }
  for (const [at] of requests.entries()) {
    outcomes[at] ??= {
      ok: false,
      error: new Error('createPayouts: lost the race for the same numbers several times'),
    };
  }
  return outcomes;
}

/**
 * While withdrawals are locked (3202): a request whose every item is a payout already made is
 * still answered with those payouts (other content under a number: 3001), so that a shop retrying
 * after a timeout learns what it created; a request with anything new gets the lock's refusal.
 */
async function answerRepeatsOnly(
  deps: PayoutDeps,
  requests: readonly PayoutRequest[],
  lock: unknown,
): Promise<Outcome[]> {
  const existing = await existingPayouts(deps, requests);
  return requests.map((request): Outcome => {
    for (const [merchantOrderNo, index] of request.firstByNo) {
      const found = existing.get(payoutKey(request.client.applicationId, merchantOrderNo));
      if (!found) return { ok: false, error: lock };
      if (found.order.requestHash !== request.hashes[index]) {
        return { ok: false, error: existingConflict(request, index, found.order.orderNo) };
      }
    }
    return { ok: true, payouts: answer(request, existing) };
  });
}

/** 3001 for a number an existing payout holds with other content: the item, and that payout. */
function existingConflict(request: PayoutRequest, index: number, orderNo: string): AppError {
  const field = request.batch ? `items.${index}.merchantOrderNo` : 'merchantOrderNo';
  return new AppError(ErrorCode.MERCHANT_ORDER_CONFLICT, {
    details: { orderNo },
    fieldErrors: [{ field, key: 'validation.asset.payoutExists', params: { orderNo } }],
  });
}

interface Fresh {
  request: PayoutRequest;
  item: Item;
  hash: string;
  checked: CheckedWithdrawal;
}

/** What a payout's answer needs of its order (a row read back, or one just written). */
type PayoutOrder = Pick<
  OrderRow,
  'id' | 'orderNo' | 'merchantOrderNo' | 'applicationId' | 'description' | 'createdAt' | 'requestHash'
>;

interface Created {
  order: PayoutOrder;
  withdrawal: WithdrawalRow;
}

/** The request's items not yet created, checked by the rules; throws 3001 or the rule's refusal. */
async function freshItems(
  deps: PayoutDeps,
  request: PayoutRequest,
  existing: ReadonlyMap<string, Created>,
  whitelist: AddressWhitelist,
  own: OwnAddresses,
  termsOf: (chainId: string, coinName: string) => Promise<CoinTerms | undefined>,
): Promise<Fresh[]> {
  const field = (index: number, name: string) => (request.batch ? `items.${index}.${name}` : name);
  const fresh: Fresh[] = [];
  for (const [merchantOrderNo, index] of request.firstByNo) {
    const item = { ...(request.items[index] as CreatePayoutBody), index };
    const hash = request.hashes[index] as string;
    const found = existing.get(payoutKey(request.client.applicationId, merchantOrderNo));
    if (found) {
      if (found.order.requestHash !== hash) throw existingConflict(request, index, found.order.orderNo);
      continue;
    }
    try {
      const asked = {
        coinName: item.currency,
        chainId: item.network,
        address: item.address,
        amount: item.amount,
        payout: true,
      };
      const checked = await checkWithdrawal(deps.db, deps.chains, asked, whitelist, own, termsOf);
      fresh.push({ request, item, hash, checked });
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
  return fresh;
}

/**
 * One transaction for the group's new items: the orders (one INSERT; a number taken meanwhile
 * is RaceLost), then every withdrawal frozen at once, then the auto-approved ones' orders moved
 * on and their payout.processing told.
 */
async function writePayouts(deps: PayoutDeps, merchant: MerchantRow, fresh: Fresh[]): Promise<Created[]> {
  const test = deps.chains.mode === 'devnet';
  return deps.db.transaction(async (tx) => {
    const now = deps.now();
    const values = fresh.map(({ request, item, hash, checked }) => ({
      orderNo: newOrderNo(now),
      type: 'payout' as const,
      merchantId: merchant.id,
      applicationId: request.client.applicationId,
      merchantOrderNo: item.merchantOrderNo,
      source: 'api' as const,
      currency: checked.coinName,
      network: checked.chainId,
      amount: checked.amount,
      fee: checked.fee,
      status: 'pending_review' as const,
      description: item.description ?? '',
      callbackUrl: item.callbackUrl ?? '',
      test,
      requestHash: hash,
      createdAt: now,
      updatedAt: now,
      expiresAt: now,
    }));
    // Only the ids come back: the rest of each order is what was written.
    const inserted = await insertOrdersIfNew(tx, values, ['id', 'applicationId', 'merchantOrderNo']);
    // A number taken meanwhile, or twice in the group (two requests racing for it): not all in.
    if (inserted.length !== fresh.length) throw new RaceLost();
    const idOf = new Map(
      inserted.map((order) => [payoutKey(order.applicationId, order.merchantOrderNo), order.id]),
    );
    const orders = values.map((value) => {
      const id = idOf.get(payoutKey(value.applicationId, value.merchantOrderNo));
      return id === undefined ? undefined : { ...value, id };
    });
    if (orders.some((order) => !order)) throw new RaceLost();
    const frozen = await freezeWithdrawals(
      tx,
      fresh.map(({ item, checked }, i) => ({
        merchant,
        checked,
        source: 'api' as const,
        payout: { id: (orders[i] as PayoutOrder).id, orderNo: (orders[i] as PayoutOrder).orderNo },
        remark: item.description ?? '',
        test,
        now,
      })),
    );
    const created: Created[] = [];
    for (const [i, withdrawal] of frozen.entries()) {
      const order = orders[i] as PayoutOrder;
      // pending_review is how the order was written; processing moves it and is told.
      if (withdrawal.status === 'processing') await syncPayout(tx, withdrawal, now);
      created.push({ order, withdrawal });
    }
    return created;
  });
}

/** 3201 (what the coin needs, what is available) for a lone request that does not fit. */
async function explain(
  deps: PayoutDeps,
  merchantId: number,
  fresh: Fresh[],
  error: unknown,
): Promise<unknown> {
  if (!(error instanceof InsufficientBalanceError)) return error;
  const coin = error.currency;
  const needed = toDecimalString(
    sumMoney(fresh.filter((f) => f.checked.coinName === coin).map((f) => f.checked.total)),
  );
  const available = toDecimalString(await availableOf(deps.db, merchantId, coin));
  return new AppError(ErrorCode.INSUFFICIENT_BALANCE, {
    // coinName: in a batch of several coins, the one that does not fit (envelope.ts).
    details: { coinName: coin, needed, available },
    messageParams: { needed: formatExactMoney(needed), available: formatExactMoney(available), coin },
  });
}

function answer(request: PayoutRequest, known: ReadonlyMap<string, Created>): PayoutObject[] {
  return request.items.map((item) => {
    const found = known.get(payoutKey(request.client.applicationId, item.merchantOrderNo));
    if (!found) throw new Error('payout vanished after its creation');
    return toPayoutObject(found.order, found.withdrawal, request.client.appId);
  });
}

const payoutKey = (applicationId: number, merchantOrderNo: string) =>
  `${applicationId}\u0000${merchantOrderNo}`;

/** The group's payouts already created, by application and number (one query for the group). */
async function existingPayouts(deps: Pick<PayoutDeps, 'db'>, requests: readonly PayoutRequest[]) {
  const applicationIds = [...new Set(requests.map((request) => request.client.applicationId))];
  const numbers = [...new Set(requests.flatMap((request) => [...request.firstByNo.keys()]))];
  const rows = await deps.db
    .select({ order: orders, withdrawal: withdrawals })
    .from(orders)
    .innerJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(
      and(
        inArray(orders.applicationId, applicationIds),
        eq(orders.type, 'payout'),
        inArray(orders.merchantOrderNo, numbers),
      ),
    );
  return new Map(rows.map((row) => [payoutKey(row.order.applicationId, row.order.merchantOrderNo), row]));
}

/** One of the calling application's payouts, by its platform number or by the shop's own. */
export async function getPayout(
  deps: Pick<PayoutDeps, 'db'>,
  client: ApiClient,
  key: { orderNo: string } | { merchantOrderNo: string },
): Promise<PayoutObject> {
  const [row] = await deps.db
    .select({ order: orders, withdrawal: withdrawals })
    .from(orders)
    .innerJoin(withdrawals, eq(withdrawals.orderId, orders.id))
    .where(
      and(
        'orderNo' in key ? eq(orders.orderNo, key.orderNo) : eq(orders.merchantOrderNo, key.merchantOrderNo),
        eq(orders.applicationId, client.applicationId),
        eq(orders.type, 'payout'),
      ),
    );
  if (!row) throw new AppError(ErrorCode.NOT_FOUND);
  return toPayoutObject(row.order, row.withdrawal, client.appId);
}
