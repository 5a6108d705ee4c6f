import { money, sumMoney, toDecimalString } from '@tollgate/contracts/money';
import { and, asc, eq, inArray } from 'drizzle-orm';
import {
  type ChainAdapter,
  HOT_WALLET,
  type TransferIntent,
  type UtxoInput,
} from '../../chains/chain-adapter';
import { MAX_CONSOLIDATION_INPUTS } from '../../chains/doge/doge-sender';
import type { Database, Executor } from '../../db/client';
import { sweeps } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import type { Clock } from '../../types';
import { type BookLine, entries } from '../books/platform-books';
import { broadcastSendTx, prepareSend } from '../chain-sends/prepare-send';
import type { ChainSendDeps, SendHandler } from '../chain-sends/send-handler';
import { availableUtxos, utxosOfSend } from '../chain-sends/utxos.repository';
import { SWEEP_JOB, type SweepRow } from './sweep-sends';

/**
 * Sweeps on a UTXO chain (Doge) are consolidations (docs/decisions/2026-12-07-sweeps.md, "UTXO
 * chains"): the confirmed outputs of every due address, spent in one transaction into the hot
 * wallet, paying its own fee out of them (no gas wallet, no top-up). Each address keeps its own
 * `sweeps` row; the rows of one consolidation share `consolidation_id` (the id of its first
 * row), which is its send's reference (kind `sweep`). At most MAX_CONSOLIDATION_INPUTS inputs a
 * transaction (`maxInputs`, a test's smaller cap): the due addresses are planned in as many
 * consolidations as that needs.
 */

/** The height up to which an output has the chain's confirmations (a sweep spends no younger one). */
async function confirmedHeight(adapter: ChainAdapter): Promise<number> {
  return (await adapter.headHeight()) - adapter.confirmations + 1;
}

/** The confirmed available outputs of `addresses`, oldest first. */
async function sweepableOutputs(
  db: Executor,
  adapter: ChainAdapter,
  addresses: readonly string[],
  minedBy: number,
): Promise<UtxoInput[]> {
  if (addresses.length === 0) return [];
  return availableUtxos(db, adapter.chainId, { addresses }, { minedBy });
}

export interface DueAddress {
  address: string;
  coinName: string;
  amount: string;
  key: { account: number; index: number };
}

/**
 * Plans the consolidations of `due` (addresses the books hold at least the minimum at, with no
 * open sweep, their keys checked): the addresses with confirmed outputs, in groups of at most
 * MAX_CONSOLIDATION_INPUTS outputs (an address with more goes alone; the rest waits for the next
 * planning). Each group: its rows and one `sweep` job (of its first row), in one transaction.
 * Returns how many rows were planned.
 */
export async function planConsolidations(
  deps: { db: Database; now: Clock; maxInputs?: number | undefined },
  adapter: ChainAdapter,
  due: readonly DueAddress[],
): Promise<number> {
  if (due.length === 0) return 0;
  const maxInputs = deps.maxInputs ?? MAX_CONSOLIDATION_INPUTS;
  const minedBy = await confirmedHeight(adapter);
  const outputs = await sweepableOutputs(
    deps.db,
    adapter,
    due.map((row) => row.address),
    minedBy,
  );
  const countOf = new Map<string, number>();
  for (const output of outputs) countOf.set(output.address, (countOf.get(output.address) ?? 0) + 1);
  const groups: DueAddress[][] = [];
  let group: DueAddress[] = [];
  let inputs = 0;
  for (const row of due) {
    const count = countOf.get(row.address) ?? 0;
    if (count === 0) continue; // nothing confirmed there yet: the next planning
    if (group.length > 0 && inputs + count > maxInputs) {
      groups.push(group);
      group = [];
      inputs = 0;
    }
    group.push(row);
    inputs += count;
  }
  if (group.length > 0) groups.push(group);

  let planned = 0;
  for (const members of groups) {
    await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const rows = await tx
        .insert(sweeps)
        .values(
          members.map((row) => ({
            chainId: adapter.chainId,
            address: row.address,
            keyAccount: row.key.account,
            keyIndex: row.key.index,
            coinName: row.coinName,
            plannedAmount: toDecimalString(row.amount),
            createdAt: now,
            updatedAt: now,
          })),
        )
        // Planned meanwhile by another node: the partial unique index on open sweeps skips it.
        .onConflictDoNothing()
        .returning({ id: sweeps.id });
      if (rows.length === 0) return;
      const ids = rows.map((row) => row.id);
      const first = Math.min(...ids);
      await tx.update(sweeps).set({ consolidationId: first }).where(inArray(sweeps.id, ids));
      await enqueueJob(tx, SWEEP_JOB, { sweepId: first }, now);
      planned += rows.length;
    });
  }
  return planned;
}

const rowsOf = (db: Executor, consolidationId: number) =>
  db.select().from(sweeps).where(eq(sweeps.consolidationId, consolidationId)).orderBy(asc(sweeps.id));

/** The rows of the consolidation still in `from`, moved to `to` (only from there: a second hand moves none). */
async function moveRows(
  tx: Executor,
  consolidationId: number,
  addresses: readonly string[] | undefined,
  from: SweepRow['status'],
  to: SweepRow['status'],
  now: Date,
): Promise<number> {
  const rows = await tx
    .update(sweeps)
    .set({ status: to, updatedAt: now, ...(to === 'done' || to === 'failed' ? { finishedAt: now } : {}) })
    .where(
      and(
        eq(sweeps.consolidationId, consolidationId),
        eq(sweeps.status, from),
        addresses ? inArray(sweeps.address, [...addresses]) : undefined,
      ),
    )
    .returning({ id: sweeps.id });
  return rows.length;
}

const intentOf = (coinName: string, inputs: readonly UtxoInput[], hotWallet: string): TransferIntent => {
  const first = inputs[0];
  if (!first) throw new Error('a consolidation without inputs');
  return {
    coinName,
    from: first.key,
    toAddress: hotWallet,
    // The total of the inputs given (the sender takes the fee out of it).
    amount: toDecimalString(sumMoney(inputs.map((input) => input.amount))),
    consolidate: true,
  };
};

/**
 * The `sweep` job of a consolidation (`sweepId` its first row): its planned rows' confirmed
 * outputs (at most MAX_CONSOLIDATION_INPUTS, oldest first), spent into the hot wallet through
 * chain-sends under a claim on the rows' status (planned → sending, in the transaction that
 * stores the send), so a job run twice sends once. A row whose address has nothing to give now
 * is `failed` (planned again while the books see coin there); nothing to spend at all, or the
 * inputs cannot pay their fee: every row `failed`.
 */
export async function runConsolidation(
  deps: ChainSendDeps & { db: Database; maxInputs?: number | undefined },
  adapter: ChainAdapter,
  consolidationId: number,
): Promise<'sending' | 'failed' | 'lost'> {
  if (adapter.sender.kind !== 'utxo') throw new Error(`chain ${adapter.chainId}: not a UTXO chain`);
  const sender = adapter.sender;
  const planned = (await rowsOf(deps.db, consolidationId)).filter((row) => row.status === 'planned');
  if (planned.length === 0) return 'lost';
  const giveUp = async () => {
    await moveRows(deps.db, consolidationId, undefined, 'planned', 'failed', deps.now());
    return 'failed' as const;
  };
  const hot = adapter.deriveAddress(HOT_WALLET.index, HOT_WALLET.account);
  const outputs = await sweepableOutputs(
    deps.db,
    adapter,
    planned.map((row) => row.address),
    await confirmedHeight(adapter),
  );
  // Each output's key is the row's: never spend what another key holds under the row's address.
  const keyOf = new Map(planned.map((row) => [row.address, `${row.keyAccount}/${row.keyIndex}`]));
  const inputs = outputs
    .filter((output) => keyOf.get(output.address) === `${output.key.account}/${output.key.index}`)
    .slice(0, deps.maxInputs ?? MAX_CONSOLIDATION_INPUTS);
  if (inputs.length === 0) return giveUp();
  const intent = intentOf(planned[0]?.coinName ?? '', inputs, hot);
  const fee = await sender.quoteFee(intent);
  const giving = [...new Set(inputs.map((input) => input.address))];
  const prepared = await prepareSend(deps, adapter, {
    kind: 'sweep',
    ref: String(consolidationId),
    intent,
    fee,
    inputs: inputs.map(({ txid, vout }) => ({ txid, vout })),
    claim: async (tx, now) => {
      const claimed = await moveRows(tx, consolidationId, giving, 'planned', 'sending', now);
      if (claimed === 0) return false;
      // Rows with nothing to give this time: failed, planned again while the books see coin there.
      await moveRows(tx, consolidationId, undefined, 'planned', 'failed', now);
      return true;
    },
  });
  if (prepared === 'lost') return 'lost';
  // Short: an input went meanwhile, or they cannot pay their own fee. Nothing was written.
  if ('short' in prepared) return giveUp();
  await broadcastSendTx(deps, adapter, prepared.send, prepared.tx, consolidationSendHandler);
  return 'sending';
}

/**
 * How chain-sends follows a consolidation (kind `sweep` on a UTXO chain, `ref` its
 * consolidation id). Mined: per source address, its inputs' total moves from its `unswept` line
 * to the hot wallet, and the network fee (paid out of them: the hot wallet receives the total
 * less it) is the hot wallet's expense. Confirmed: its rows are `done`; a UTXO send never reverts.
 */
export const consolidationSendHandler: SendHandler = {
  async intentOf(db, send) {
    const inputs = await utxosOfSend(db, send);
    if (inputs.length === 0) return undefined;
    return intentOf(send.coinName, inputs, send.toAddress);
  },
  hashChanged: async () => false,
  async bookMined(tx, send, mined) {
    const at = { blockHeight: mined.blockHeight };
    const byAddress = new Map<string, ReturnType<typeof money>>();
    for (const input of await utxosOfSend(tx, send)) {
      byAddress.set(input.address, (byAddress.get(input.address) ?? money('0')).plus(input.amount));
    }
    const lines: BookLine[] = [];
    if (!mined.failed) {
      for (const [address, amount] of byAddress) {
        lines.push(
          ...entries.moved({
            coinName: send.coinName,
            amount: toDecimalString(amount),
            from: { account: 'unswept', address },
            to: { account: 'hot_wallet', address: send.toAddress },
            ...at,
          }),
        );
      }
    }
    lines.push(
      ...entries.gasPaid({
        nativeCoin: send.coinName,
        networkFee: mined.networkFee,
        account: 'hot_wallet',
        address: send.toAddress,
        ...at,
      }),
    );
    return lines;
  },
  async finished(tx, send, outcome, now) {
    await moveRows(
      tx,
      Number(send.ref),
      undefined,
      'sending',
      outcome === 'confirmed' ? 'done' : 'failed',
      now,
    );
    return false;
  },
};
