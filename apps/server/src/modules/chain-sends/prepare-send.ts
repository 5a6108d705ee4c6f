import { money, sumMoney, toDecimalString } from '@tollgate/contracts/money';
import type {
  AccountSender,
  ChainAdapter,
  FeeOffer,
  SignedTx,
  TransferIntent,
  UtxoInput,
  UtxoSender,
} from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import {
  type ChainSendKind,
  type ChainSendRow,
  type ChainSendTxRow,
  hasNonceRow,
  insertSend,
  insertSendTx,
  lockSend,
  markBroadcast,
  takeNonce,
} from './chain-sends.repository';
import { type Funds, type Shortfall, shortOf } from './hot-wallet-check';
import type { ChainSendDeps, SendHandler } from './send-handler';
import { availableUtxos, changeInFlight, lockUtxos, type Outpoint } from './utxos.repository';

/**
 * Prepare and persist, then broadcast (docs/decisions/2026-12-07-chain-boundary.md, "Sending").
 * What needs the network comes first, outside any transaction (the devnet adapter queries the
 * database itself, and PGlite has one connection): the head, the fee (the caller's, quoted for
 * its hot-wallet check) and, on an account chain whose address has no chain_nonces row yet, the
 * node's nonce. Then one transaction:
 * 1. the caller's claim (a withdrawal's processing → sending);
 * 2. what the send spends, and the funds checked under its lock:
 *    - account chains: the nonce taken under its row's lock, then the funds compared again;
 *    - UTXO chains: the available outputs locked (FOR UPDATE; a withdrawal or return: the
 *      sending address's; a consolidation: the given ones), and the sender's coin selection
 *      over them (none: short);
 * 3. the send stored (its nonce, or its inputs), and on a UTXO chain its inputs locked to it
 *    (all or none: one already taken rolls everything back, and the transaction is tried again);
 * 4. the signature (pure) and the first transaction stored.
 * Nothing is broadcast before that commits; a crash after it leaves stored bytes that the
 * chain's watcher broadcasts (watch-sends.ts).
 */
export interface PrepareInput {
  kind: ChainSendKind;
  ref: string;
  intent: TransferIntent;
  fee: FeeOffer;
  /** In the transaction, first: false when another worker has it (nothing is written then). */
  claim(tx: Executor, now: Date): Promise<boolean>;
  /**
   * The hot wallet's balances read for this send (hot-wallet-check.ts): checked again once the
   * nonce's row is locked, so that sends prepared at once never count on the same funds.
   */
  funds?: Funds | undefined;
  /**
   * UTXO chains, a consolidation (`intent.consolidate`): the outputs it spends. Any of them no
   * longer available (spent by another send, or off the chain) makes it short: nothing written.
   */
  inputs?: readonly Outpoint[] | undefined;
}

export interface PreparedSend {
  send: ChainSendRow;
  tx: ChainSendTxRow;
}

type Prepared = PreparedSend | 'lost' | { short: Shortfall[] };

/** The nonce's row was missing though it had been read: rolled back, tried again with the node's count. */
class Unseeded extends Error {}

/** An input was locked by another send between the read and the lock: rolled back, tried again. */
class InputTaken extends Error {}
const MAX_LOCK_ATTEMPTS = 5;

/** The funds were short once the nonce (or the inputs) was locked: everything of the transaction rolled back. */
class ShortOfFunds extends Error {
  constructor(readonly short: Shortfall[]) {
    super('hot wallet short');
  }
}

/**
 * What the send spends, decided in step 2 under its lock: the nonce, or the inputs; `lock` ties
 * them to the stored send (step 3) and `sign` signs over them (step 4).
 */
interface Spend {
  nonce: number | null;
  inputs: Outpoint[] | null;
  lock(tx: Executor, sendId: number): Promise<void>;
  sign(): Promise<SignedTx>;
}

interface Context {
  deps: ChainSendDeps;
  adapter: ChainAdapter;
  input: PrepareInput;
  from: string;
  head: number;
}

/**
 * `lost` when another worker had the claim, `{ short }` when the hot wallet (or, for a
 * consolidation, its inputs) turned out short (nothing written either way).
 */
export async function prepareSend(
  deps: ChainSendDeps,
  adapter: ChainAdapter,
  input: PrepareInput,
): Promise<Prepared> {
  const { intent } = input;
  const from = adapter.deriveAddress(intent.from.index, intent.from.account);
  const head = await adapter.headHeight();
  const context: Context = { deps, adapter, input, from, head };
  const sender = adapter.sender;
  if (sender.kind === 'utxo') {
    for (let attempt = 1; ; attempt += 1) {
      const outcome = await persist(context, (tx) => spendOutputs(context, sender, tx));
      if (outcome !== 'retry') return outcome;
      // Outputs read FOR UPDATE are rarely taken before the lock; never loop on it for ever.
      if (attempt === MAX_LOCK_ATTEMPTS)
        throw new Error(`${input.kind} ${input.ref}: inputs taken on every try`);
    }
  }
  let seed = (await hasNonceRow(deps.db, adapter.chainId, from)) ? undefined : await sender.chainNonce(from);
  for (;;) {
    const outcome = await persist(context, (tx, now) => spendNonce(context, sender, seed, tx, now));
    if (outcome !== 'retry') return outcome;
    seed = await sender.chainNonce(from);
  }
}

/** The one transaction: claim, spend (the family's), store the send, lock, sign, store its first transaction. */
async function persist(
  { deps, adapter, input, from, head }: Context,
  spend: (tx: Executor, now: Date) => Promise<Spend>,
): Promise<Prepared | 'retry'> {
  const { intent } = input;
  return deps.db
    .transaction(async (tx) => {
      const now = deps.now();
      if (!(await input.claim(tx, now))) return 'lost' as const;
      const spent = await spend(tx, now);
      const send = await insertSend(tx, {
        chainId: adapter.chainId,
        kind: input.kind,
        ref: input.ref,
        fromAddress: from,
        toAddress: intent.toAddress,
        coinName: intent.coinName,
        amount: toDecimalString(intent.amount),
        nonce: spent.nonce,
        ...(spent.inputs ? { inputs: spent.inputs } : {}),
        status: 'pending',
        createdAt: now,
        updatedAt: now,
      });
      await spent.lock(tx, send.id);
      const signed = await spent.sign();
      const stored = await insertSendTx(tx, {
        sendId: send.id,
        chainId: adapter.chainId,
        txHash: signed.txHash,
        raw: signed.raw,
        fee: signed.fee,
        signedAtHeight: head,
        createdAt: now,
      });
      return { send, tx: stored };
    })
    .catch((error: unknown) => {
      if (error instanceof ShortOfFunds) return { short: error.short };
      if (error instanceof Unseeded || error instanceof InputTaken) return 'retry' as const;
      throw error;
    });
}

/** Account chains: the address's next nonce, then the funds compared under its row's lock. */
async function spendNonce(
  { adapter, input, from }: Context,
  sender: AccountSender,
  seed: number | undefined,
  tx: Executor,
  now: Date,
): Promise<Spend> {
  const nonce = await takeNonce(tx, adapter.chainId, from, seed, now);
  // The row was read there, yet is gone: it never is, but never sign without a nonce (and
  // never keep the claim without its send: thrown, so all of it rolls back).
  if (nonce === undefined) throw new Unseeded();
  const short = input.funds ? await shortOf(tx, input.funds) : [];
  if (short.length > 0) throw new ShortOfFunds(short);
  return {
    nonce,
    inputs: null,
    lock: async () => {},
    sign: () => sender.sign(input.intent, nonce, input.fee),
  };
}

/**
 * UTXO chains: the available outputs, locked FOR UPDATE (a concurrent send waits, then no longer
 * sees the ones it took), and the sender's coin selection over them; none covers it: short.
 */
async function spendOutputs(
  { adapter, input, from }: Context,
  sender: UtxoSender,
  tx: Executor,
): Promise<Spend> {
  const { intent } = input;
  const consolidation = intent.consolidate === true;
  const where = consolidation ? { outpoints: input.inputs ?? [] } : { addresses: [from] };
  const available = await availableUtxos(tx, adapter.chainId, where, { forUpdate: true });
  const complete = !consolidation || available.length === (input.inputs?.length ?? 0);
  const selection = complete ? sender.selectInputs(intent, available, input.fee) : undefined;
  if (!selection) throw new ShortOfFunds([await outputsShort(tx, adapter.chainId, from, input, available)]);
  const chosen: UtxoInput[] = selection.inputs;
  const outpoints = chosen.map(({ txid, vout }) => ({ txid, vout }));
  return {
    nonce: null,
    inputs: outpoints,
    async lock(locking, sendId) {
      if (!(await lockUtxos(locking, adapter.chainId, sendId, outpoints))) throw new InputTaken();
    },
    sign: () => sender.sign(intent, chosen, input.fee),
  };
}

/** What the outputs held against what the send needed (with the change to come back, for a hot wallet's send). */
async function outputsShort(
  tx: Executor,
  chainId: string,
  from: string,
  input: PrepareInput,
  available: readonly UtxoInput[],
): Promise<Shortfall> {
  const { intent } = input;
  const need = input.funds?.needs.find((n) => n.coinName === intent.coinName);
  const needed = money(need?.needed ?? intent.amount);
  const shortfall: Shortfall = {
    coinName: intent.coinName,
    balance: toDecimalString(sumMoney(available.map((output) => output.amount))),
    promised: '0',
    needed: toDecimalString(needed),
  };
  if (!intent.consolidate) shortfall.incoming = await changeInFlight(tx, chainId, from);
  return shortfall;
}

/**
 * Broadcasts a stored transaction (the first, a replacement, or the same bytes again), then
 * records it: its broadcast time the first time, and its hash as the send's to show. A node
 * that refuses (down, or not yet) leaves it for the next watcher pass: logged, never thrown.
 * Answers whether a callback event was written.
 */
export async function broadcastSendTx(
  deps: ChainSendDeps,
  adapter: ChainAdapter,
  send: ChainSendRow,
  sendTx: ChainSendTxRow,
  handler: SendHandler,
): Promise<{ broadcast: boolean; events: boolean }> {
  try {
    await adapter.sender.broadcast(sendTx.raw);
  } catch (error) {
    deps.log?.warn(
      { err: error, chainId: send.chainId, kind: send.kind, ref: send.ref, txHash: sendTx.txHash },
      'send: broadcast failed; tried again by the watcher',
    );
    return { broadcast: false, events: false };
  }
  const events = await deps.db.transaction(async (tx) => {
    const now = deps.now();
    await markBroadcast(tx, sendTx.id, now);
    // Mined meanwhile (another of its transactions): the mined hash is the one shown.
    const current = await lockSend(tx, send.id);
    if (current?.status !== 'pending') return false;
    return handler.hashChanged(tx, current, sendTx.txHash, now);
  });
  return { broadcast: true, events };
}
