import { money, toDecimalString } from '@tollgate/contracts/money';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import {
  accountSender,
  type ChainAdapter,
  GAS_WALLET,
  HOT_WALLET,
  type TransferIntent,
} from '../../chains/chain-adapter';
import type { Database } from '../../db/client';
import { sweeps } from '../../db/schema';
import type { JobHandler } from '../../jobs/worker';
import type { Clock } from '../../types';
import { nativeCoinOf, raiseAlert, resolveAlert } from '../chain-sends/chain-sends.repository';
import { broadcastSendTx, prepareSend } from '../chain-sends/prepare-send';
import type { SendHandler } from '../chain-sends/send-handler';
import { runConsolidation } from './consolidate';
import {
  findSweep,
  gasTopUpSendHandler,
  moveSweep,
  type SweepRow,
  sweepIntent,
  sweepSendHandler,
  topUpIntent,
} from './sweep-sends';

/**
 * The `sweep` job: one step of a sweep, from its status (docs/decisions/2026-12-07-sweeps.md).
 * - planned, the native coin: the address sends its balance less the most its fee can cost;
 * - planned, a token: the fee of the token transfer is quoted; when the address holds less of
 *   the native coin than that fee can cost, the gas wallet sends it exactly the difference
 *   (topping_up; the quoted fee is kept), else the token goes at once;
 * - funded (the top-up confirmed): the token goes, with the fee quoted before the top-up.
 * Each send is prepared, stored and broadcast through chain-sends under a claim on the sweep's
 * status, so a job run twice sends once. Nothing left to move (the coin went meanwhile, or only
 * dust is left after the fee): `failed`, planned again if the books still see coin there.
 */
export interface SweepDeps {
  db: Database;
  now: Clock;
  log?: FastifyBaseLogger | undefined;
  chains: { get(chainId: string): ChainAdapter | undefined };
}

export function createSweepJobHandler(deps: SweepDeps): JobHandler {
  return {
    async run(payload) {
      const { sweepId } = payload as { sweepId: number };
      await runSweepStep(deps, sweepId);
    },
  };
}

export async function runSweepStep(
  deps: SweepDeps,
  sweepId: number,
): Promise<SweepRow['status'] | undefined> {
  const sweep = await findSweep(deps.db, sweepId);
  if (!sweep) return undefined;
  if (sweep.status !== 'planned' && sweep.status !== 'funded') return sweep.status;
  const adapter = deps.chains.get(sweep.chainId);
  if (!adapter) throw new Error(`sweep ${sweepId}: chain ${sweep.chainId} is not enabled on this server`);
  // A UTXO chain's sweeps are consolidations: the job runs the whole one of its first row.
  if (sweep.consolidationId !== null) {
    await runConsolidation(deps, adapter, sweep.consolidationId);
    return (await findSweep(deps.db, sweep.id))?.status;
  }
  // An account chain's sweep (gas, top-ups): a UTXO chain consolidates instead (planSweeps plans none there).
  const sender = accountSender(adapter);
  const hot = adapter.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  const native = await nativeCoinOf(deps.db, sweep.chainId);
  const giveUp = async () => {
    await moveSweep(deps.db, sweep.id, sweep.status, {
      status: 'failed',
      updatedAt: deps.now(),
      finishedAt: deps.now(),
    });
    return 'failed' as const;
  };

  const balance = money(await adapter.balanceOf(sweep.address, sweep.coinName));
  if (balance.lte(0)) return giveUp();

  if (sweep.coinName === native) {
    const quote = await sender.quoteFee(sweepIntent(sweep, hot, toDecimalString(balance)));
    const amount = balance.minus(sender.maxNetworkFee(quote));
    if (amount.lte(0)) return giveUp();
    return send(
      deps,
      adapter,
      sweep,
      'sweep',
      sweepIntent(sweep, hot, toDecimalString(amount)),
      quote,
      'sending',
    );
  }

  if (sweep.status === 'funded') {
    const fee =
      (sweep.fee as Record<string, string> | null) ??
      (await sender.quoteFee(sweepIntent(sweep, hot, toDecimalString(balance))));
    return send(
      deps,
      adapter,
      sweep,
      'sweep',
      sweepIntent(sweep, hot, toDecimalString(balance)),
      fee,
      'sending',
    );
  }

  const intent = sweepIntent(sweep, hot, toDecimalString(balance));
  const fee = await sender.quoteFee(intent);
  const gasHeld = money(await adapter.balanceOf(sweep.address, native));
  const gasNeeded = money(sender.maxNetworkFee(fee));
  if (gasHeld.gte(gasNeeded)) return send(deps, adapter, sweep, 'sweep', intent, fee, 'sending');

  // The gas wallet tops the address up with exactly what the fee can cost, less what it holds.
  const topUp = topUpIntent(sweep, native, toDecimalString(gasNeeded.minus(gasHeld)));
  const topUpFee = await sender.quoteFee(topUp);
  const gasWallet = adapter.deriveAddress(GAS_WALLET.index, GAS_WALLET.account);
  const walletHolds = money(await adapter.balanceOf(gasWallet, native));
  const walletNeeds = money(topUp.amount).plus(sender.maxNetworkFee(topUpFee));
  const alert = { chainId: sweep.chainId, kind: 'hot_wallet_low' as const, key: `gas:${native}` };
  if (adapter.mode === 'live' && walletHolds.lt(walletNeeds)) {
    await raiseAlert(deps.db, {
      ...alert,
      detail: {
        wallet: 'gas',
        address: gasWallet,
        coinName: native,
        balance: toDecimalString(walletHolds),
        needed: toDecimalString(walletNeeds),
        heldRef: `sweep:${sweep.id}`,
      },
      now: deps.now(),
    });
    throw new Error(`sweep ${sweep.id}: the gas wallet holds too little ${native}; retried`);
  }
  await resolveAlert(deps.db, { ...alert, now: deps.now() });
  return send(deps, adapter, sweep, 'gas_topup', topUp, topUpFee, 'topping_up', fee);
}

async function send(
  deps: SweepDeps,
  adapter: ChainAdapter,
  sweep: SweepRow,
  kind: 'sweep' | 'gas_topup',
  intent: TransferIntent,
  fee: Record<string, string>,
  next: 'sending' | 'topping_up',
  sweepFee?: Record<string, string>,
): Promise<SweepRow['status']> {
  const handler: SendHandler = kind === 'sweep' ? sweepSendHandler : gasTopUpSendHandler;
  const prepared = await prepareSend(deps, adapter, {
    kind,
    ref: String(sweep.id),
    intent,
    fee,
    claim: async (tx, now) =>
      (await moveSweep(tx, sweep.id, sweep.status, {
        status: next,
        updatedAt: now,
        ...(sweepFee ? { fee: sweepFee } : {}),
      })) !== undefined,
  });
  if (prepared === 'lost' || 'short' in prepared) {
    const [row] = await deps.db.select({ status: sweeps.status }).from(sweeps).where(eq(sweeps.id, sweep.id));
    return row?.status ?? sweep.status;
  }
  await broadcastSendTx(deps, adapter, prepared.send, prepared.tx, handler);
  return next;
}
