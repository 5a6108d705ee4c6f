import type { ChainAdapter } from '../../chains/chain-adapter';
import { watchSends } from '../chain-sends/watch-sends';
import { unmatchedReturnHandler } from '../ops/ops-unmatched-return';
import { consolidationSendHandler } from '../sweeps/consolidate';
import { gasTopUpSendHandler, sweepSendHandler } from '../sweeps/sweep-sends';
import { processingWithdrawals } from './withdrawal.repository';
import { type SendDeps, trySendWithdrawal, withdrawalSendHandler } from './withdrawal-send';
import { closeWithdrawal } from './withdrawal-settle';

/**
 * The watcher's withdrawal half, per chain and pass (the chain's lease holder calls it):
 * 1. follow every open send (chain-sends/watch-sends.ts): mined, confirmed, reverted, stuck,
 *    dropped, reorged (first: what was mined is then counted in the balances, not as promised);
 * 2. send every `processing` withdrawal left unsent (a batch's rows, a crash, a node that was
 *    down, a hot wallet that was short), oldest first; once one of a coin is held for want of
 *    funds, the later ones of that coin wait their turn (no small one overtakes a large one);
 * 3. settle what was sent before chain_sends existed (devnet only: `processing` with a hash).
 * Returns how many withdrawals completed or failed.
 */
export async function watchWithdrawals(
  deps: Omit<SendDeps, 'chains'> & { sendStuckBlocks?: number | undefined },
  adapter: ChainAdapter,
): Promise<number> {
  const report = await watchSends(
    deps,
    adapter,
    {
      withdrawal: withdrawalSendHandler,
      return: unmatchedReturnHandler,
      // A UTXO chain's sweeps are consolidations of several addresses (sweeps/consolidate.ts).
      sweep: adapter.sender.kind === 'utxo' ? consolidationSendHandler : sweepSendHandler,
      gas_topup: gasTopUpSendHandler,
    },
    { stuckBlocks: deps.sendStuckBlocks },
  );
  if (report.events) deps.jobs?.wake();
  const held = new Set<string>();
  for (const row of await processingWithdrawals(deps.db, adapter.chainId, false)) {
    if (held.has(row.coinName)) continue;
    // An error is this withdrawal's (a node down fails the chain's scan before this): the others go on.
    if ((await trySendWithdrawal(deps, adapter, row)) === 'held') held.add(row.coinName);
  }
  return report.finished + (await settleSentBefore(deps, adapter));
}

/**
 * A withdrawal sent by the adapter's former `send` (no chain_sends row; its hash recorded while
 * `processing`): settled by its transaction's state, with the confirmations and its block still
 * canonical, as any send.
 */
async function settleSentBefore(deps: Omit<SendDeps, 'chains'>, adapter: ChainAdapter): Promise<number> {
  let settled = 0;
  const head = await adapter.headHeight();
  for (const row of await processingWithdrawals(deps.db, adapter.chainId, true)) {
    if (!row.txHash) continue;
    const state = await adapter.sender.txState(row.txHash);
    if (state.state !== 'mined' || head - state.blockHeight + 1 < adapter.confirmations) continue;
    if ((await adapter.blockAt(state.blockHeight))?.hash !== state.blockHash) continue;
    const closed = await deps.db.transaction((tx) =>
      closeWithdrawal(tx, row.id, 'processing', state.failed ? 'failed' : 'completed', deps.now()),
    );
    if (!closed) continue;
    settled += 1;
    if (closed.orderId !== null) deps.jobs?.wake();
  }
  return settled;
}
