import { toDecimalString } from '@tollgate/contracts/money';
import type { ChainAdapter, FeeOffer, SignedTx, TransferIntent, TxState } from '../../chains/chain-adapter';
import { DEFAULT_SEND_STUCK_BLOCKS } from '../../chains/chain-config';
import {
  type ChainSendKind,
  type ChainSendRow,
  type ChainSendTxRow,
  insertSendTx,
  lockSend,
  moveSend,
  openSends,
  txsOfSend,
} from './chain-sends.repository';
import { broadcastSendTx } from './prepare-send';
import { bookMined, unbookMined } from './send-books';
import type { ChainSendDeps, SendHandler, SendHandlers } from './send-handler';
import { utxosOfSend } from './utxos.repository';

/**
 * The chain's open sends, each watcher pass (the holder of the chain's lease runs it). For each
 * send, the node is asked about every one of its transactions (they share the nonce, or spend
 * the same inputs, so at most one is ever mined):
 * - one is mined: its height, block hash and fee are recorded (the send is `mined`) with its
 *   entry in the platform books (send-books.ts), and its hash becomes the one shown; with the chain's confirmations, and its block still the
 *   canonical one at that height, the send is `confirmed` (or `reverted`), and only then does its
 *   kind act on it (a withdrawal completes, or fails and is released);
 * - none is mined any more, though one was: its block left the chain, the send is `pending` again
 *   and its books entry reversed;
 * - none is mined, and the latest was signed SEND_STUCK_BLOCKS blocks ago or more: it is stuck,
 *   signed again at the same nonce (or over the same inputs) with the fee the node's rules
 *   require over it, stored, then broadcast;
 * - the node does not know the latest, or it was never broadcast (a crash between the commit
 *   and the broadcast): the same stored bytes are broadcast.
 * The node is never asked inside a transaction; each change is one transaction, from the
 * status this pass read only, so a second pass that saw the same never acts twice.
 */
export interface WatchSendsReport {
  /** Sends confirmed or reverted this pass. */
  finished: number;
  /** A hook wrote a callback event: the caller wakes the workers. */
  events: boolean;
}

export async function watchSends(
  deps: ChainSendDeps,
  adapter: ChainAdapter,
  handlers: SendHandlers,
  options: { stuckBlocks?: number | undefined } = {},
): Promise<WatchSendsReport> {
  const report: WatchSendsReport = { finished: 0, events: false };
  const kinds = Object.keys(handlers) as ChainSendKind[];
  const sends = await openSends(deps.db, adapter.chainId, kinds);
  if (sends.length === 0) return report;
  const head = await adapter.headHeight();
  const stuckBlocks = options.stuckBlocks ?? DEFAULT_SEND_STUCK_BLOCKS;
  for (const send of sends) {
    const handler = handlers[send.kind];
    if (!handler) continue;
    try {
      await watchSend({ deps, adapter, handler, head, stuckBlocks, report }, send);
    } catch (error) {
      // One send's trouble must not hold up the others.
      deps.log?.error(
        { err: error, chainId: send.chainId, kind: send.kind, ref: send.ref },
        'send: watch failed',
      );
    }
  }
  return report;
}

interface Pass {
  deps: ChainSendDeps;
  adapter: ChainAdapter;
  handler: SendHandler;
  head: number;
  stuckBlocks: number;
  report: WatchSendsReport;
}

type Mined = Extract<TxState, { state: 'mined' }>;

async function watchSend(pass: Pass, send: ChainSendRow): Promise<void> {
  const { deps, adapter } = pass;
  const txs = await txsOfSend(deps.db, send.id);
  const latest = txs.at(-1);
  if (!latest) return;
  const states: TxState[] = [];
  for (const sendTx of txs) states.push(await adapter.sender.txState(sendTx.txHash));
  const at = states.findIndex((state) => state.state === 'mined');
  const minedTx = txs[at];
  if (minedTx) {
    await watchMined(pass, send, minedTx, states[at] as Mined);
    return;
  }
  let current = send;
  if (send.status === 'mined') {
    // Its block left the chain: open again, and looked at below as any open send.
    const reopened = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const moved = await moveSend(tx, send, {
        status: 'pending',
        minedTxHash: null,
        minedHeight: null,
        minedBlockHash: null,
        networkFee: null,
        updatedAt: now,
      });
      if (moved) await unbookMined(tx, send, now);
      return moved;
    });
    if (!reopened) return;
    deps.log?.warn(
      { chainId: send.chainId, kind: send.kind, ref: send.ref, txHash: send.minedTxHash },
      'send: its block left the chain; open again',
    );
    current = reopened;
  }
  const latestState = states.at(-1);
  if (pass.head - latest.signedAtHeight >= pass.stuckBlocks) {
    await replace(pass, current, latest);
  } else if (latestState?.state === 'unknown' || latest.broadcastAt === null) {
    // Dropped by the node, or never broadcast (a crash after the commit): the same bytes again.
    const { events } = await broadcastSendTx(deps, adapter, current, latest, pass.handler);
    if (events) pass.report.events = true;
  }
}

async function watchMined(pass: Pass, send: ChainSendRow, minedTx: ChainSendTxRow, mined: Mined) {
  const { deps, adapter, handler, report } = pass;
  let current: ChainSendRow | undefined = send;
  const known =
    send.status === 'mined' &&
    send.minedTxHash === minedTx.txHash &&
    send.minedHeight === mined.blockHeight &&
    send.minedBlockHash === mined.blockHash;
  if (!known) {
    current = await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const moved = await moveSend(tx, send, {
        status: 'mined',
        minedTxHash: minedTx.txHash,
        minedHeight: mined.blockHeight,
        minedBlockHash: mined.blockHash,
        networkFee: toDecimalString(mined.networkFee),
        updatedAt: now,
      });
      if (!moved) return undefined;
      // Mined in another block than the one recorded (a reorg between two passes): that one undone.
      if (send.status === 'mined') await unbookMined(tx, send, now);
      const lines = await handler.bookMined(tx, moved, mined);
      await bookMined(tx, moved, mined.blockHash, lines, now);
      if (await handler.hashChanged(tx, moved, minedTx.txHash, now)) report.events = true;
      return moved;
    });
    if (!current) return;
  }
  if (pass.head - mined.blockHeight + 1 < adapter.confirmations) return;
  // The block must still be the chain's at that height: otherwise a reorg is under way, and the
  // next pass sees where the transaction went.
  if ((await adapter.blockAt(mined.blockHeight))?.hash !== mined.blockHash) return;
  const outcome = mined.failed ? 'reverted' : 'confirmed';
  const read = current;
  await deps.db.transaction(async (tx) => {
    const now = deps.now();
    const closed = await moveSend(tx, read, { status: outcome, finishedAt: now, updatedAt: now });
    if (!closed) return;
    if (await handler.finished(tx, closed, outcome, now)) report.events = true;
    report.finished += 1;
  });
}

/**
 * Stuck: signed again over what the send spends (its nonce, or its inputs locked to it) with a
 * higher fee, stored (only while the send is still open and `latest` is still its latest
 * transaction), then broadcast. Every hash stays.
 */
async function replace(pass: Pass, send: ChainSendRow, latest: ChainSendTxRow): Promise<void> {
  const { deps, adapter, handler } = pass;
  const intent = await handler.intentOf(deps.db, send);
  const sign = intent && (await signerOf(deps, adapter, send, intent));
  if (!intent || !sign) {
    deps.log?.error(
      { chainId: send.chainId, kind: send.kind, ref: send.ref },
      'send: cannot be signed again',
    );
    return;
  }
  const fee = await adapter.sender.quoteFee(intent, latest.fee as FeeOffer);
  const stored = await deps.db.transaction(async (tx) => {
    const locked = await lockSend(tx, send.id);
    const last = (await txsOfSend(tx, send.id)).at(-1);
    if (locked?.status !== 'pending' || last?.id !== latest.id) return undefined;
    const signed = await sign(fee);
    return insertSendTx(tx, {
      sendId: send.id,
      chainId: send.chainId,
      txHash: signed.txHash,
      raw: signed.raw,
      fee: signed.fee,
      signedAtHeight: pass.head,
      createdAt: deps.now(),
    });
  });
  if (!stored) return;
  deps.log?.warn(
    { chainId: send.chainId, kind: send.kind, ref: send.ref, replaced: latest.txHash, txHash: stored.txHash },
    'send: not mined in time; replaced with a higher fee, spending the same nonce or inputs',
  );
  const { events } = await broadcastSendTx(deps, adapter, send, stored, handler);
  if (events) pass.report.events = true;
}

/**
 * Signs the send's transfer again at a fee: at its nonce (account chains), or over the outputs
 * locked to it, every one of its inputs (UTXO chains). Undefined when that is not there.
 */
async function signerOf(
  deps: ChainSendDeps,
  adapter: ChainAdapter,
  send: ChainSendRow,
  intent: TransferIntent,
): Promise<((fee: FeeOffer) => Promise<SignedTx>) | undefined> {
  const sender = adapter.sender;
  if (sender.kind === 'account') {
    const nonce = send.nonce;
    return nonce === null ? undefined : (fee) => sender.sign(intent, nonce, fee);
  }
  const inputs = await utxosOfSend(deps.db, send);
  const named = Array.isArray(send.inputs) ? send.inputs.length : 0;
  return named === 0 || inputs.length !== named ? undefined : (fee) => sender.sign(intent, inputs, fee);
}
