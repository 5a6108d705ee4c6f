import { ErrorCode, MAX_ORDER_AMOUNT, money } from '@tollgate/contracts';
import type { Database, Executor } from '../../db/client';
import { perDatabase } from '../../db/prepared';
import { AppError, fieldError } from '../../lib/app-error';
import { createKeyedGroupBatch } from '../../lib/group-batch';
import type { Clock } from '../../types';
import {
  findOrderByKey,
  findOrderRowByNo,
  insertOrderIfNew,
  insertOrdersClaimingNonces,
  type NewOrderRow,
  type NonceClaim,
  nextAddressIndex,
  nonceKey,
  type OrderRow,
  setOrderNetworkIfOpen,
} from './order.repository';
import { type OrderChains, type PayableNetwork, payableNetworks } from './order-chains';
import { newOrderNo } from './order-number';
import {
  type CollectionInput,
  collectionRequestHash,
  type FiatPrice,
  type ResolvedCollection,
  resolveCollection,
} from './order-request';

/**
 * Collection orders. Rules, in order:
 * 1. (application, type, merchantOrderNo) names one order. The same content again returns it;
 *    other content is refused with 3001. The insert comes first (INSERT … ON CONFLICT DO
 *    NOTHING) and the existing order is read only when it hit one: a race of identical creates
 *    inserts once, and a repeat takes an address index it does not use (a gap, harmless).
 * 2. The currency must exist on an enabled chain: on the given network, or on at least one
 *    when the customer will choose it on the cashier (3002 otherwise). The amount must fit the
 *    coin's decimals on every network it may be paid on.
 * 3. With a network, the order's own address is assigned at once: the next index of
 *    order_address_index_seq, derived by that chain's adapter; never reused. Without one, the
 *    cashier assigns it later (assignOrderNetwork), while the order is pending and open.
 * 4. In devnet mode every order is a test order.
 *
 * Group commit: the creates that arrive while the previous group is being written go together
 * into the next one (createKeyedGroupBatch, at most MAX_GROUP): the coin rows read once per
 * currency, each new order its own address, all of them in one statement with the signed
 * requests' nonces (insertOrdersClaimingNonces: one commit for the group). Every
 * answer is the one the request would have had alone, in arrival order: a request the rules
 * refuse, one whose row the INSERT skipped (its merchant order number taken, by an older order
 * or an earlier request of the group), and every request of a group whose INSERT failed, goes
 * the careful way, alone (createAlone: an existing order read, same content or 3001).
 */
export interface OrderDeps {
  db: Database;
  now: Clock;
  chains: OrderChains;
}

export interface CreateCollectionRequest {
  application: { id: number; merchantId: number };
  input: CollectionInput;
  source: 'api' | 'epusdt';
  fiat?: FiatPrice;
  /**
   * A signed request's nonce, claimed with the order (merchant-api's deferRequestNonce): in the
   * group's statement, or by `claimAlone` (2003 when taken) before anything else when alone.
   */
  nonce?: (NonceClaim & { claimAlone(): Promise<void> }) | undefined;
}

/** Unique-key collisions other than the merchant order number (a random orderNo): retry a few times. */
const MAX_INSERT_TRIES = 3;

type Outcome = { ok: true; order: OrderRow } | { ok: false; error: unknown };
interface Entry {
  deps: OrderDeps;
  request: CreateCollectionRequest;
}

/** Requests in one group. */
const MAX_GROUP = 50;

/** One group batcher per database, keyed by the chain registry (whose adapters derive the addresses). */
const createInGroups = perDatabase(() =>
  createKeyedGroupBatch((_chains: OrderChains, entries: Entry[]) => createGroup(entries), MAX_GROUP),
);

export async function createCollectionOrder(
  deps: OrderDeps,
  request: CreateCollectionRequest,
): Promise<OrderRow> {
  const outcome = await createInGroups(deps.db)(deps.chains, { deps, request });
  if (!outcome.ok) throw outcome.error;
  return outcome.order;
}

async function createGroup(entries: Entry[]): Promise<Outcome[]> {
  const { db, chains } = (entries[0] as Entry).deps;
  const outcomes: Outcome[] = new Array(entries.length);
  /** The careful way: the nonce claimed first (unless the group's statement did), then createAlone. */
  const alone = async (at: number, nonceClaimed = false) => {
    const { deps, request } = entries[at] as Entry;
    try {
      if (request.nonce && !nonceClaimed) await request.nonce.claimAlone();
      outcomes[at] = { ok: true, order: await createAlone(deps, request) };
    } catch (error) {
      outcomes[at] = { ok: false, error };
    }
  };
  // A nonce twice in the group: its first request claims it, the others are replays.
  const nonceOwners = new Set<string>();
  for (const [at, { request }] of entries.entries()) {
    if (!request.nonce) continue;
    const key = nonceKey(request.nonce);
    if (nonceOwners.has(key)) outcomes[at] = { ok: false, error: new AppError(ErrorCode.API_NONCE_REUSED) };
    nonceOwners.add(key);
  }
  const networks = new Map<string, Promise<PayableNetwork[]>>();
  const networksOf = (currency: string) => {
    let found = networks.get(currency);
    if (!found) {
      found = payableNetworks(db, chains, currency);
      networks.set(currency, found);
    }
    return found;
  };
  const planned: { at: number; row: NewOrderRow }[] = [];
  for (const [at, { deps, request }] of entries.entries()) {
    if (outcomes[at]) continue;
    let row: NewOrderRow;
    try {
      const resolved = resolveCollection(request.input, request.source, request.fiat);
      const adapter = checkPayableOn(await networksOf(resolved.currency), resolved);
      row = await newOrderRow(deps, request, resolved, adapter);
    } catch {
      // Refused as new: alone, the nonce first, then an order of the same number (same, or 3001).
      await alone(at);
      continue;
    }
    planned.push({ at, row });
  }
  if (planned.length === 0) return outcomes;
  const nonces: NonceClaim[] = [];
  const orderNonce = planned.map(({ at }) => {
    const nonce = (entries[at] as Entry).request.nonce;
    if (!nonce) return null;
    nonces.push({ applicationId: nonce.applicationId, nonce: nonce.nonce, seenAt: nonce.seenAt });
    return nonces.length - 1;
  });
  let written: Awaited<ReturnType<typeof insertOrdersClaimingNonces>>;
  try {
    written = await insertOrdersClaimingNonces(
      db,
      nonces,
      planned.map(({ row }) => row),
      orderNonce,
    );
  } catch {
    // Nothing was written: each alone, in arrival order.
    for (const { at } of planned) await alone(at);
    return outcomes;
  }
  const byOrderNo = new Map(written.inserted.map((order) => [order.orderNo, order]));
  for (const { at, row } of planned) {
    const nonce = (entries[at] as Entry).request.nonce;
    const order = byOrderNo.get(row.orderNo);
    if (nonce && !written.claimed.has(nonceKey(nonce))) {
      outcomes[at] = { ok: false, error: new AppError(ErrorCode.API_NONCE_REUSED) };
    } else if (order) {
      outcomes[at] = { ok: true, order };
    } else {
      // Its nonce is claimed; its number was taken (or its order number, by chance): the careful way.
      await alone(at, true);
    }
  }
  return outcomes;
}

/** A new order's row: its order number, its own address when the network is known, its times. */
async function newOrderRow(
  deps: OrderDeps,
  { application }: CreateCollectionRequest,
  resolved: ResolvedCollection,
  adapter: PayableNetwork['adapter'] | undefined,
): Promise<NewOrderRow> {
  const createdAt = deps.now();
  const address = adapter ? await assignAddress(deps.db, adapter) : null;
  return {
    orderNo: newOrderNo(createdAt),
    type: 'collection',
    merchantId: application.merchantId,
    applicationId: application.id,
    merchantOrderNo: resolved.merchantOrderNo,
    source: resolved.source,
    currency: resolved.currency,
    network: resolved.network,
    amount: resolved.amount,
    payAddress: address?.payAddress ?? null,
    addressIndex: address?.addressIndex ?? null,
    description: resolved.description,
    language: resolved.language,
    callbackUrl: resolved.callbackUrl,
    redirectUrl: resolved.redirectUrl,
    test: deps.chains.mode === 'devnet',
    requestHash: collectionRequestHash(resolved),
    fiat: resolved.fiat?.currency ?? null,
    fiatAmount: resolved.fiat?.amount ?? null,
    createdAt,
    updatedAt: createdAt,
    expiresAt: new Date(createdAt.getTime() + resolved.expiresIn * 1000),
  };
}

/** One create by itself, the careful way. */
async function createAlone(deps: OrderDeps, request: CreateCollectionRequest): Promise<OrderRow> {
  const { db, chains } = deps;
  const { application, input, source, fiat } = request;
  const resolved = resolveCollection(input, source, fiat);
  const requestHash = collectionRequestHash(resolved);
  // Insert first, read only on a conflict: a new order (the usual case) costs no lookup.
  let adapter: PayableNetwork['adapter'] | undefined;
  try {
    adapter = checkPayableOn(await payableNetworks(db, chains, resolved.currency), resolved);
  } catch (error) {
    // Refused as new, but the same order may exist from before (its coin disabled since).
    const existing = await findOrderByKey(db, application.id, 'collection', resolved.merchantOrderNo);
    if (existing) return sameOrConflict(existing, requestHash);
    throw error;
  }
  for (let attempt = 0; attempt < MAX_INSERT_TRIES; attempt++) {
    const inserted = await insertOrderIfNew(db, await newOrderRow(deps, request, resolved, adapter));
    if (inserted) return inserted;
    // Someone else's insert of the same merchant order number won the race: theirs is the order.
    const winner = await findOrderByKey(db, application.id, 'collection', resolved.merchantOrderNo);
    if (winner) return sameOrConflict(winner, requestHash);
  }
  throw new Error('createCollectionOrder: no free order number after several tries');
}

function sameOrConflict(order: OrderRow, requestHash: string): OrderRow {
  if (order.requestHash === requestHash) return order;
  throw new AppError(ErrorCode.MERCHANT_ORDER_CONFLICT);
}

/** 3002 unless the currency can be paid (on the network, when given); the adapter to derive with. */
function checkPayableOn(networks: PayableNetwork[], order: ResolvedCollection) {
  const candidates = order.network ? networks.filter((n) => n.chainId === order.network) : networks;
  if (candidates.length === 0) throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  const decimals = Math.min(...candidates.map((n) => n.decimals));
  const amount = money(order.amount);
  if (amount.lte(0)) throw fieldError('amount', 'validation.collection.amount');
  if (amount.gte(MAX_ORDER_AMOUNT)) throw fieldError('amount', 'validation.collection.amountTooLarge');
  if (amount.decimalPlaces() > decimals) throw fieldError('amount', 'validation.collection.amountDecimals');
  return order.network ? candidates[0]?.adapter : undefined;
}

async function assignAddress(
  db: Executor,
  adapter: { deriveAddress(index: number, account?: number): string },
) {
  const addressIndex = await nextAddressIndex(db);
  return { addressIndex, payAddress: adapter.deriveAddress(addressIndex, 0) };
}

/**
 * The cashier's network choice for an order created without one: assigns the network and the
 * order's own address, once. Returns the order as it now stands: with this network (also when
 * it was already chosen, a double click), or unchanged when it is no longer open (expired,
 * paid) or already has another network; the caller shows what it got. 404 for an unknown
 * order, 3002 for a network that cannot carry the currency.
 */
export async function assignOrderNetwork(
  deps: OrderDeps,
  orderNo: string,
  chainId: string,
): Promise<OrderRow> {
  const { db, now, chains } = deps;
  const order = await findOrderRowByNo(db, orderNo);
  if (order?.type !== 'collection') throw new AppError(ErrorCode.NOT_FOUND);
  if (order.network !== null || order.status !== 'pending' || order.expiresAt <= now()) return order;
  const network = (await payableNetworks(db, chains, order.currency)).find((n) => n.chainId === chainId);
  if (!network || money(order.amount).decimalPlaces() > network.decimals) {
    throw new AppError(ErrorCode.CURRENCY_NOT_SUPPORTED);
  }
  const address = await assignAddress(db, network.adapter);
  const updated = await setOrderNetworkIfOpen(db, orderNo, { network: chainId, ...address, now: now() });
  return updated ?? ((await findOrderRowByNo(db, orderNo)) as OrderRow);
}

/** An order by its platform number; with `applicationId`, only that application's (the API). */
/** A collection order by its number (of this application when given); a payout's number is not one. */
export async function getCollectionByNo(
  db: Executor,
  orderNo: string,
  applicationId?: number,
): Promise<OrderRow | undefined> {
  const order = await findOrderRowByNo(db, orderNo);
  if (order?.type !== 'collection') return undefined;
  if (applicationId !== undefined && order.applicationId !== applicationId) return undefined;
  return order;
}

export function findOrderByMerchantOrderNo(
  db: Executor,
  applicationId: number,
  merchantOrderNo: string,
): Promise<OrderRow | undefined> {
  return findOrderByKey(db, applicationId, 'collection', merchantOrderNo);
}
