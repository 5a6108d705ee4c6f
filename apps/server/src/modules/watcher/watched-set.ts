import { and, asc, eq, gt, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { watchedAddresses } from '../../db/schema';

/**
 * The addresses a node watches on one chain: every address ever issued (watched_addresses,
 * written with the order or deposit address that issues it), kept in memory and read on from
 * the last id seen, so a pass costs one small query however many there are, and matching is a
 * `Set.has` per transfer inside the adapter's scan.
 *
 * Ids come from a sequence, so a row can commit after a row with a higher id was read (two
 * orders created at once). Each id skipped below the highest read is kept as a gap and asked
 * for again on the next reads, until it appears or GAP_KEPT_MS has passed (an id a rolled back
 * or conflicting insert drew never appears; an issuing statement takes milliseconds).
 */
const GAP_KEPT_MS = 10 * 60_000;
/** Only the ids this close below the highest are gaps worth asking for again (in flight now). */
const GAP_WINDOW = 10_000;

export class WatchedSet {
  readonly addresses = new Set<string>();
  private lastId = 0;
  private readonly gaps = new Map<number, number>();

  constructor(readonly chainId: string) {}

  /** Reads the rows added since the last read (and the gaps); returns how many addresses it added. */
  async refresh(db: Executor, now: Date): Promise<number> {
    const gapIds = [...this.gaps.keys()];
    const newer = gt(watchedAddresses.id, this.lastId);
    const rows = await db
      .select({ id: watchedAddresses.id, address: watchedAddresses.address })
      .from(watchedAddresses)
      .where(
        and(
          eq(watchedAddresses.chainId, this.chainId),
          gapIds.length > 0 ? or(newer, inArray(watchedAddresses.id, gapIds)) : newer,
        ),
      )
      .orderBy(asc(watchedAddresses.id));
    const at = now.getTime();
    let added = 0;
    for (const row of rows) {
      if (!this.addresses.has(row.address)) added += 1;
      this.addresses.add(row.address);
      if (this.gaps.delete(row.id) || row.id <= this.lastId) continue;
      const floor = Math.max(this.lastId + 1, row.id - GAP_WINDOW);
      for (let id = floor; id < row.id; id += 1) this.gaps.set(id, at);
      this.lastId = row.id;
    }
    for (const [id, since] of this.gaps) if (at - since > GAP_KEPT_MS) this.gaps.delete(id);
    return added;
  }
}

/** This node's watched sets, one per chain, created on first use. */
export class WatchedSets {
  private readonly sets = new Map<string, WatchedSet>();

  of(chainId: string): WatchedSet {
    let set = this.sets.get(chainId);
    if (!set) {
      set = new WatchedSet(chainId);
      this.sets.set(chainId, set);
    }
    return set;
  }
}
