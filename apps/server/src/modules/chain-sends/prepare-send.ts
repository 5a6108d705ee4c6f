import { toDecimalString } from '@tollgate/contracts/money';
import type { ChainAdapter, FeeOffer, TransferIntent } from '../../chains/chain-adapter';
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

/**
 * Prepare and persist, then broadcast (docs/decisions/2026-12-07-chain-boundary.md, "Sending").
 * What needs the network comes first, outside any transaction (the devnet adapter queries the
 * database itself, and PGlite has one connection): the head, the fee (the caller's, quoted for
 * its hot-wallet check) and, when the address has no chain_nonces row yet, the node's nonce.
 * Then one transaction: the caller's claim (a withdrawal's processing → sending), the nonce
 * taken under the row's lock, the signature (pure), the send and its first transaction. Nothing
 * is broadcast before that commits; a crash after it leaves stored bytes that the chain's
 * watcher broadcasts (watch-sends.ts).
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
}

export interface PreparedSend {
  send: ChainSendRow;
  tx: ChainSendTxRow;
}

/** The nonce's row was missing though it had been read: rolled back, tried again with the node's count. */
class Unseeded extends Error {}

/** The funds were short once the nonce was locked: everything of the transaction rolled back. */
class ShortOfFunds extends Error {
  constructor(readonly short: Shortfall[]) {
    super('hot wallet short');
  }
}

/**
 * `lost` when another worker had the claim, `{ short }` when the hot wallet turned out short
 * (nothing written either way).
 */
export async function prepareSend(
  deps: ChainSendDeps,
  adapter: ChainAdapter,
  input: PrepareInput,
): Promise<PreparedSend | 'lost' | { short: Shortfall[] }> {
  const { intent } = input;
  const sender = adapter.sender;
  const from = adapter.deriveAddress(intent.from.index, intent.from.account);
  const head = await adapter.headHeight();
  let seed = (await hasNonceRow(deps.db, adapter.chainId, from)) ? undefined : await sender.chainNonce(from);
  for (;;) {
    const outcome = await deps.db
      .transaction(async (tx) => {
        const now = deps.now();
        if (!(await input.claim(tx, now))) return 'lost' as const;
        const nonce = await takeNonce(tx, adapter.chainId, from, seed, now);
        // The row was read there, yet is gone: it never is, but never sign without a nonce (and
        // never keep the claim without its send: thrown, so all of it rolls back).
        if (nonce === undefined) throw new Unseeded();
        const short = input.funds ? await shortOf(tx, input.funds) : [];
        if (short.length > 0) throw new ShortOfFunds(short);
        const signed = await sender.sign(intent, nonce, input.fee);
        const send = await insertSend(tx, {
          chainId: adapter.chainId,
          kind: input.kind,
          ref: input.ref,
          fromAddress: from,
          toAddress: intent.toAddress,
          coinName: intent.coinName,
          amount: toDecimalString(intent.amount),
          nonce,
          status: 'pending',
          createdAt: now,
          updatedAt: now,
        });
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
        if (error instanceof Unseeded) return 'unseeded' as const;
        throw error;
      });
    if (outcome !== 'unseeded') return outcome;
    seed = await sender.chainNonce(from);
  }
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
