import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { chainLeases } from '../../db/schema';

/**
 * One scanner per chain (docs/decisions/2026-12-07-chain-boundary.md): a node scans, credits
 * and watches the sends of a chain only while it holds the `scan:<CHAIN>` row of chain_leases.
 * Each pass takes or renews it in one statement: the row is this node's when it was already,
 * or when the last holder's time ran out (a node that died, or stopped without releasing).
 * Times are the app's clock (the same one every expiry and credit uses); nodes on one database
 * are expected to keep their clocks within a fraction of the lease.
 */
export const leaseName = (chainId: string) => `scan:${chainId}`;

/** A per-process holder id: random, so two processes on one host never share it. */
export function newLeaseHolder(): string {
  return `node-${randomBytes(8).toString('hex')}`;
}

/** Takes or renews the lease until now + ms; whether this holder has it now. */
export async function holdLease(
  db: Executor,
  name: string,
  holder: string,
  now: Date,
  ms: number,
): Promise<boolean> {
  const expiresAt = new Date(now.getTime() + ms);
  const rows = await db
    .insert(chainLeases)
    .values({ name, holder, expiresAt })
    .onConflictDoUpdate({
      target: chainLeases.name,
      set: { holder, expiresAt },
      setWhere: sql`${chainLeases.holder} = ${holder} or ${chainLeases.expiresAt} <= ${now.toISOString()}::timestamptz`,
    })
    .returning({ holder: chainLeases.holder });
  return rows.length === 1;
}

/** Gives the lease up (a node stopping): another node takes the chain on its next pass. */
export async function releaseLease(db: Executor, name: string, holder: string): Promise<void> {
  await db.delete(chainLeases).where(and(eq(chainLeases.name, name), eq(chainLeases.holder, holder)));
}
