import { money, toDecimalString } from '@tollgate/contracts/money';
import { and, eq, notInArray, sql } from 'drizzle-orm';
import type { ChainAdapter } from '../../chains/chain-adapter';
import type { Database } from '../../db/client';
import { platformEntries, sweeps } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import type { Clock } from '../../types';
import { keysOfWatched } from '../watcher/watch.repository';
import { type DueAddress, planConsolidations } from './consolidate';
import { SWEEP_JOB } from './sweep-sends';

/**
 * Plans the chain's sweeps (docs/decisions/2026-12-07-sweeps.md): every address and coin the
 * platform books hold at least SWEEP_MIN_<COIN> of (their `unswept` lines), without an open
 * sweep, gets one: a `sweeps` row and its `sweep` job, in one transaction (the partial unique
 * index on open sweeps makes a second planning of the same a no-op). A coin without a minimum
 * (none set, none known) is never swept. On a UTXO chain the due addresses are consolidated
 * (consolidate.ts): their rows share one send. Returns how many rows were planned.
 */
export async function planSweeps(
  deps: { db: Database; now: Clock; minimums: Readonly<Record<string, string>> },
  adapter: ChainAdapter,
): Promise<number> {
  const held = await deps.db
    .select({
      address: platformEntries.address,
      coinName: platformEntries.coinName,
      amount: sql<string>`sum(${platformEntries.amount})`,
    })
    .from(platformEntries)
    .where(and(eq(platformEntries.chainId, adapter.chainId), eq(platformEntries.account, 'unswept')))
    .groupBy(platformEntries.address, platformEntries.coinName)
    .having(sql`sum(${platformEntries.amount}) > 0`);
  const due = held.filter((row) => {
    const minimum = deps.minimums[row.coinName];
    return row.address !== null && minimum !== undefined && money(row.amount).gte(minimum);
  });
  if (due.length === 0) return 0;

  const open = await deps.db
    .select({ address: sweeps.address, coinName: sweeps.coinName })
    .from(sweeps)
    .where(and(eq(sweeps.chainId, adapter.chainId), notInArray(sweeps.status, ['done', 'failed'])));
  const busy = new Set(open.map((row) => `${row.address}/${row.coinName}`));
  const todo = due.filter((row) => !busy.has(`${row.address}/${row.coinName}`));
  if (todo.length === 0) return 0;

  // Each address's key: an order's (account 0) or a merchant's deposit address (account 1).
  const keyOf = await keysOfWatched(
    deps.db,
    adapter.chainId,
    todo.flatMap((row) => (row.address ? [row.address] : [])),
  );

  const checked: DueAddress[] = [];
  for (const row of todo) {
    const key = row.address ? keyOf.get(row.address) : undefined;
    // The derivation is checked, never trusted: a key that does not give the address sends nothing.
    if (!row.address || !key || adapter.deriveAddress(key.index, key.account) !== row.address) continue;
    checked.push({ address: row.address, coinName: row.coinName, amount: row.amount, key });
  }
  if (adapter.sender.kind === 'utxo') return planConsolidations(deps, adapter, checked);

  let planned = 0;
  for (const { address, key, ...row } of checked) {
    await deps.db.transaction(async (tx) => {
      const now = deps.now();
      const [sweep] = await tx
        .insert(sweeps)
        .values({
          chainId: adapter.chainId,
          address,
          keyAccount: key.account,
          keyIndex: key.index,
          coinName: row.coinName,
          plannedAmount: toDecimalString(row.amount),
          createdAt: now,
          updatedAt: now,
        })
        .onConflictDoNothing()
        .returning({ id: sweeps.id });
      if (!sweep) return;
      await enqueueJob(tx, SWEEP_JOB, { sweepId: sweep.id }, now);
      planned += 1;
    });
  }
  return planned;
}
