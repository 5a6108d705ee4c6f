import { toDecimalString } from '@tollgate/contracts/money';
import { and, eq } from 'drizzle-orm';
import { GAS_WALLET, type KeyPath, type TransferIntent } from '../../chains/chain-adapter';
import type { Executor } from '../../db/client';
import { sweeps } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { entries } from '../books/platform-books';
import { nativeCoinOf } from '../chain-sends/chain-sends.repository';
import type { SendHandler } from '../chain-sends/send-handler';

/**
 * How chain-sends follows a sweep's two kinds of send (docs/decisions/2026-12-07-sweeps.md).
 * Both name the sweep by its id (`ref`):
 * - `gas_topup`: the gas wallet → the address, the native coin the token sweep's fee needs.
 *   Confirmed: the sweep is `funded` and its job queued again (the sweep send goes next);
 *   reverted: the sweep `failed` (planned again later).
 * - `sweep`: the address → the hot wallet. Confirmed: `done`; reverted: `failed`.
 * The books move the coin between the platform's addresses and book each network fee as an
 * expense of the address that paid it.
 */
export const SWEEP_JOB = 'sweep';

export type SweepRow = typeof sweeps.$inferSelect;

export async function findSweep(db: Executor, id: number): Promise<SweepRow | undefined> {
  const [row] = await db.select().from(sweeps).where(eq(sweeps.id, id));
  return row;
}

export const keyOf = (sweep: Pick<SweepRow, 'keyAccount' | 'keyIndex'>): KeyPath => ({
  account: sweep.keyAccount,
  index: sweep.keyIndex,
});

export function sweepIntent(sweep: SweepRow, hotWallet: string, amount: string): TransferIntent {
  return { coinName: sweep.coinName, from: keyOf(sweep), toAddress: hotWallet, amount };
}

export function topUpIntent(sweep: SweepRow, nativeCoin: string, amount: string): TransferIntent {
  return { coinName: nativeCoin, from: GAS_WALLET, toAddress: sweep.address, amount };
}

/** Moves the sweep from `from` to `to` (only from there: a second hand does nothing). */
export async function moveSweep(
  tx: Executor,
  id: number,
  from: SweepRow['status'],
  set: Partial<typeof sweeps.$inferInsert> & { status: SweepRow['status'] },
): Promise<SweepRow | undefined> {
  const [row] = await tx
    .update(sweeps)
    .set(set)
    .where(and(eq(sweeps.id, id), eq(sweeps.status, from)))
    .returning();
  return row;
}

export const sweepSendHandler: SendHandler = {
  async intentOf(db, send) {
    const sweep = await findSweep(db, Number(send.ref));
    return sweep && sweepIntent(sweep, send.toAddress, toDecimalString(send.amount));
  },
  hashChanged: async () => false,
  async bookMined(tx, send, mined) {
    const at = { blockHeight: mined.blockHeight };
    const moved = mined.failed
      ? []
      : entries.moved({
          coinName: send.coinName,
          amount: toDecimalString(send.amount),
          from: { account: 'unswept', address: send.fromAddress },
          to: { account: 'hot_wallet', address: send.toAddress },
          ...at,
        });
    return [
      ...moved,
      ...entries.gasPaid({
        nativeCoin: await nativeCoinOf(tx, send.chainId),
        networkFee: mined.networkFee,
        account: 'unswept',
        address: send.fromAddress,
        ...at,
      }),
    ];
  },
  async finished(tx, send, outcome, now) {
    await moveSweep(tx, Number(send.ref), 'sending', {
      status: outcome === 'confirmed' ? 'done' : 'failed',
      updatedAt: now,
      finishedAt: now,
    });
    return false;
  },
};

export const gasTopUpSendHandler: SendHandler = {
  async intentOf(db, send) {
    const sweep = await findSweep(db, Number(send.ref));
    return sweep && topUpIntent(sweep, send.coinName, toDecimalString(send.amount));
  },
  hashChanged: async () => false,
  async bookMined(_tx, send, mined) {
    const at = { blockHeight: mined.blockHeight };
    const moved = mined.failed
      ? []
      : entries.moved({
          coinName: send.coinName,
          amount: toDecimalString(send.amount),
          from: { account: 'gas_wallet', address: send.fromAddress },
          to: { account: 'unswept', address: send.toAddress },
          ...at,
        });
    return [
      ...moved,
      ...entries.gasPaid({
        nativeCoin: send.coinName,
        networkFee: mined.networkFee,
        account: 'gas_wallet',
        address: send.fromAddress,
        ...at,
      }),
    ];
  },
  async finished(tx, send, outcome, now) {
    const id = Number(send.ref);
    if (outcome === 'reverted') {
      await moveSweep(tx, id, 'topping_up', { status: 'failed', updatedAt: now, finishedAt: now });
      return false;
    }
    if (await moveSweep(tx, id, 'topping_up', { status: 'funded', updatedAt: now })) {
      await enqueueJob(tx, SWEEP_JOB, { sweepId: id }, now);
    }
    return true; // wakes the job worker
  },
};
