import { toDecimalString } from '@tollgate/contracts';
import { and, eq, isNull, ne, or } from 'drizzle-orm';
import { type ChainAdapter, HOT_WALLET, type TransferIntent } from '../../chains/chain-adapter';
import { withdrawals } from '../../db/schema';
import { entries } from '../books/platform-books';
import { nativeCoinOf } from '../chain-sends/chain-sends.repository';
import { fundsWentThrough, holdForFunds, readFunds, shortOf } from '../chain-sends/hot-wallet-check';
import { broadcastSendTx, prepareSend } from '../chain-sends/prepare-send';
import type { ChainSendDeps, SendHandler } from '../chain-sends/send-handler';
import { syncPayout } from './payout-sync';
import {
  findWithdrawal,
  findWithdrawalByNo,
  moveWithdrawal,
  shownWithdrawalStatus,
  type WithdrawalRow,
} from './withdrawal.repository';
import { closeWithdrawal } from './withdrawal-settle';

/**
 * A withdrawal's way on chain, through modules/chain-sends (the one place that sends):
 * 1. `processing`: the hot wallet must cover it (hot-wallet-check.ts); when it does not, the
 *    withdrawal stays `processing`, held, with a `hot_wallet_low` alert, and the watcher tries
 *    again each pass (or an operator, `retryHeldSend`);
 * 2. the claim, processing → sending, in the transaction that takes the nonce, signs and stores
 *    the send (prepare-send.ts); of two callers, one claims and the other does nothing;
 * 3. broadcast after the commit: the withdrawal shows the hash, and a payout's shop is told
 *    payout.processing with it;
 * 4. the chain's watcher follows the send (watch-sends.ts) through the handler below: a
 *    replacement's hash, then the mined one, is shown; confirmed → completed; reverted, with the
 *    confirmations → failed and released (withdrawal-settle.ts).
 * Single requests, approvals and payouts send at once after their commit; batch rows and
 * anything left over are sent by the watcher (withdrawal-watch.ts).
 */
export type SendDeps = ChainSendDeps & {
  chains: { get(chainId: string): ChainAdapter | undefined };
  /** Woken after a payout's callback event is committed. */
  jobs?: { wake(): void } | undefined;
};

export function withdrawalIntent(row: WithdrawalRow): TransferIntent {
  return {
    coinName: row.coinName,
    from: HOT_WALLET,
    toAddress: row.address,
    amount: toDecimalString(row.amount),
    ...(row.failOnChain ? { failOnChain: true } : {}),
  };
}

/**
 * How a try went: sent (claimed, stored, broadcast or left to the watcher), held (hot wallet
 * short), lost (another had it, or nothing to send), refused (made in the other chain mode),
 * error (the node or the database failed: the watcher tries again).
 */
export type SendOutcome = 'sent' | 'held' | 'lost' | 'refused' | 'error';

/**
 * Sends a `processing` withdrawal, once: answers the row after (undefined when there was
 * nothing to send). A failure to reach the chain is logged and left for the watcher's next pass.
 */
export async function sendWithdrawal(deps: SendDeps, id: number): Promise<WithdrawalRow | undefined> {
  const row = await findWithdrawal(deps.db, id);
  const adapter = row && deps.chains.get(row.chainId);
  if (!row || !adapter) return undefined; // a chain off on this server: it waits, frozen
  if ((await trySendWithdrawal(deps, adapter, row)) === 'lost') return undefined;
  return findWithdrawal(deps.db, id);
}

export async function trySendWithdrawal(
  deps: Omit<SendDeps, 'chains'>,
  adapter: ChainAdapter,
  row: WithdrawalRow,
): Promise<SendOutcome> {
  // A processing row with a hash was sent before chain_sends existed (withdrawal-watch.ts settles it).
  if (row.status !== 'processing' || row.txHash !== null) return 'lost';
  if (row.test !== (adapter.mode === 'devnet')) {
    // Simulated money never reaches a real chain, nor the reverse.
    deps.log?.error({ withdrawalNo: row.withdrawalNo }, 'withdrawal: made in another chain mode; not sent');
    return 'refused';
  }
  const intent = withdrawalIntent(row);
  try {
    // The amount first (a token transfer the wallet cannot pay has no gas quote), then with the
    // fee; each on the database (a held one claims nothing), then again under the nonce's lock.
    const amountOnly = await readFunds(deps.db, adapter, intent);
    const amountShort = await shortOf(deps.db, amountOnly);
    if (amountShort.length > 0) {
      await holdForFunds(deps, amountOnly, amountShort, row.withdrawalNo);
      return 'held';
    }
    const fee = await adapter.sender.quoteFee(intent);
    const funds = await readFunds(deps.db, adapter, intent, fee);
    const short = await shortOf(deps.db, funds);
    const prepared =
      short.length > 0
        ? { short }
        : await prepareSend(deps, adapter, {
            kind: 'withdrawal',
            ref: row.withdrawalNo,
            intent,
            fee,
            funds,
            claim: async (tx, now) =>
              (await moveWithdrawal(tx, row.id, 'processing', { status: 'sending', updatedAt: now })) !==
              undefined,
          });
    if (prepared === 'lost') return 'lost';
    if ('short' in prepared) {
      await holdForFunds(deps, funds, prepared.short, row.withdrawalNo);
      return 'held';
    }
    await fundsWentThrough(deps, funds);
    const { events } = await broadcastSendTx(
      deps,
      adapter,
      prepared.send,
      prepared.tx,
      withdrawalSendHandler,
    );
    if (events) deps.jobs?.wake();
    return 'sent';
  } catch (error) {
    deps.log?.error(
      { err: error, withdrawalNo: row.withdrawalNo },
      'withdrawal: send failed; retried by the watcher',
    );
    return 'error';
  }
}

/** How chain-sends follows a withdrawal's send. */
export const withdrawalSendHandler: SendHandler = {
  async intentOf(db, send) {
    const row = await findWithdrawalByNo(db, send.ref);
    return row && withdrawalIntent(row);
  },
  async hashChanged(tx, send, txHash, now) {
    const [before] = await tx
      .select({ txHash: withdrawals.txHash })
      .from(withdrawals)
      .where(eq(withdrawals.withdrawalNo, send.ref))
      .for('update');
    const [row] = await tx
      .update(withdrawals)
      .set({ txHash, sentAt: before?.txHash == null ? now : undefined, updatedAt: now })
      .where(
        and(
          eq(withdrawals.withdrawalNo, send.ref),
          eq(withdrawals.status, 'sending'),
          or(isNull(withdrawals.txHash), ne(withdrawals.txHash, txHash)),
        ),
      )
      .returning();
    if (!row) return false;
    // The shop hears payout.processing once, with the first hash; later ones show on its order.
    return syncPayout(tx, row, now, { tell: before?.txHash == null });
  },
  async bookMined(tx, send, mined) {
    const row = await findWithdrawalByNo(tx, send.ref);
    if (!row) return [];
    return entries.withdrawalMined({
      coinName: row.coinName,
      amount: toDecimalString(row.amount),
      fee: toDecimalString(row.fee),
      nativeCoin: await nativeCoinOf(tx, send.chainId),
      networkFee: mined.networkFee,
      hotWallet: send.fromAddress,
      blockHeight: mined.blockHeight,
      reverted: mined.failed,
    });
  },
  async finished(tx, send, outcome, now) {
    const row = await findWithdrawalByNo(tx, send.ref);
    if (!row) return false;
    const closed = await closeWithdrawal(
      tx,
      row.id,
      'sending',
      outcome === 'confirmed' ? 'completed' : 'failed',
      now,
    );
    return closed?.orderId != null;
  },
};

/**
 * An operator's retry of a held send (the Chains page, later): a withdrawal still `processing`
 * (held while the hot wallet was short, or the node was down) is tried now, the hot wallet
 * checked again. Any other status has nothing held: answered as it is.
 */
export async function retryHeldSend(
  deps: SendDeps,
  withdrawalNo: string,
): Promise<
  { status: ReturnType<typeof shownWithdrawalStatus>; outcome: SendOutcome | 'not_held' } | undefined
> {
  const row = await findWithdrawalByNo(deps.db, withdrawalNo);
  if (!row) return undefined;
  const adapter = deps.chains.get(row.chainId);
  const held = row.status === 'processing' && row.txHash === null && adapter !== undefined;
  const outcome = held ? await trySendWithdrawal(deps, adapter, row) : 'not_held';
  const after = (await findWithdrawalByNo(deps.db, withdrawalNo)) ?? row;
  return { status: shownWithdrawalStatus(after.status), outcome };
}
