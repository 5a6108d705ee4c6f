import type { ChainAdapter } from '../../chains/chain-adapter';
import { processingWithdrawals } from './withdrawal.repository';
import { type SendDeps, sendWithdrawal, settleSent } from './withdrawal.service';

/**
 * The watcher's withdrawal half, per chain (collection-watcher.ts calls it each pass): send
 * every processing withdrawal left unsent (a crash, a node that was down), then settle every
 * sent one the chain has confirmed or reverted. Returns how many settled.
 */
export async function watchWithdrawals(
  deps: Omit<SendDeps, 'chains'>,
  adapter: ChainAdapter,
): Promise<number> {
  const chains = { get: (chainId: string) => (chainId === adapter.chainId ? adapter : undefined) };
  for (const row of await processingWithdrawals(deps.db, adapter.chainId, false)) {
    await sendWithdrawal({ ...deps, chains }, row.id);
  }
  let settled = 0;
  for (const row of await processingWithdrawals(deps.db, adapter.chainId, true)) {
    if (await settleSent(deps, adapter, row)) settled += 1;
  }
  return settled;
}
