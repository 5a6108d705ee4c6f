import { money, toDecimalString } from '@tollgate/contracts/money';
import { eq } from 'drizzle-orm';
import {
  type ChainAdapter,
  type FeeOffer,
  HOT_WALLET,
  type TransferIntent,
} from '../../chains/chain-adapter';
import { chains } from '../../db/schema';
import { raiseAlert, resolveAlert, unminedAmount } from './chain-sends.repository';
import type { ChainSendDeps } from './send-handler';

/**
 * Whether the hot wallet can make this send now, asked of the chain before anything is
 * prepared: its balance of the coin, less what its sends not yet mined will take, covers the
 * amount, and the most the fee can cost is covered in the chain's native coin (with the amount
 * when the coin is the native one). When it cannot, a `hot_wallet_low` alert of the chain and
 * the short coin is raised or refreshed (one open per chain and coin) and the caller holds the
 * send (a withdrawal stays `processing`): never failed. When it can, the coin's open alerts are
 * resolved: sends go through again.
 *
 * On the devnet the hot wallet holds a simulated float (devnet-adapter.ts), so this always passes.
 */
export async function checkHotWallet(
  deps: ChainSendDeps,
  adapter: ChainAdapter,
  intent: TransferIntent,
  fee: FeeOffer,
  ref: string,
): Promise<boolean> {
  const address = adapter.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  const native = await nativeCoinOf(deps, adapter.chainId);
  const maxFee = money(adapter.sender.maxNetworkFee(fee));
  const needs = new Map<string, ReturnType<typeof money>>([[intent.coinName, money(intent.amount)]]);
  if (maxFee.greaterThan(0) || intent.coinName === native) {
    needs.set(native, (needs.get(native) ?? money('0')).plus(maxFee));
  }
  let funded = true;
  for (const [coinName, needed] of needs) {
    const balance = money(await adapter.balanceOf(address, coinName));
    const promised = money(await unminedAmount(deps.db, adapter.chainId, address, coinName));
    const free = balance.minus(promised);
    const alert = {
      chainId: adapter.chainId,
      kind: 'hot_wallet_low' as const,
      key: coinName,
      now: deps.now(),
    };
    if (free.greaterThanOrEqualTo(needed)) {
      if (await resolveAlert(deps.db, alert)) {
        deps.log?.info({ chainId: adapter.chainId, coinName }, 'hot wallet: funded again, alert resolved');
      }
      continue;
    }
    funded = false;
    const detail = {
      address,
      coinName,
      balance: toDecimalString(balance),
      promised: toDecimalString(promised),
      needed: toDecimalString(needed),
      heldRef: ref,
    };
    await raiseAlert(deps.db, { ...alert, detail });
    deps.log?.warn({ chainId: adapter.chainId, ...detail }, 'hot wallet: too low to send; the send is held');
  }
  return funded;
}

async function nativeCoinOf(deps: ChainSendDeps, chainId: string): Promise<string> {
  const [row] = await deps.db
    .select({ native: chains.nativeCoin })
    .from(chains)
    .where(eq(chains.chainId, chainId));
  if (!row) throw new Error(`chain ${chainId}: not in the chains table`);
  return row.native;
}
