import { asc, gt, inArray, or } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { watchedAddresses } from '../../db/schema';

/**
 * The addresses a node watches: every address ever issued (watched_addresses, written by the
 * statement that issues the order's or the deposit address, migration 0023), kept in memory per
 * chain and read on from the last id seen, so a pass costs one small query however many there
 * are, and matching is a `Set.has` per transfer inside the adapter's scan.
 *
 * Ids come from one sequence for every chain, so a row can commit after a row with a higher id
 * was read (two orders created at once). Each id skipped below the highest read is kept as a
 * gap and asked for again on the next reads, until it appears or GAP_KEPT_MS has passed (an id
 * a rolled back or conflicting insert drew never appears; an issuing statement takes
 * milliseconds). One read serves every chain, so the other chains' rows are no gaps.
 */
const GAP_KEPT_MS = 10 * 60_000;
/** Only the ids this close below the highest are gaps worth asking for again (in flight now). */
const GAP_WINDOW = 1000;

export class WatchedSets {
  private readonly sets = new Map<string, Set<string>>();
  private lastId = 0;
  private readonly gaps = new Map<number, number>();

  /** The chain's watched addresses (as of the last refresh). */
  of(chainId: string): ReadonlySet<string> {
    return this.setOf(chainId);
  }

  private setOf(chainId: string): Set<string> {
    let set = this.sets.get(chainId);
    if (!set) {
      set = new Set();
      this.sets.set(chainId, set);
    }
    return set;
  }

  /** Reads the rows added since the last read (and the gaps); returns how many rows it read. */
  async refresh(db: Executor, now: Date): Promise<number> {
    const gapIds = [...this.gaps.keys()];
    const newer = gt(watchedAddresses.id, this.lastId);
    const rows = await db
      .select({
        id: watchedAddresses.id,
        chainId: watchedAddresses.chainId,
        address: watchedAddresses.address,
      })
      .from(watchedAddresses)
      .where(gapIds.length > 0 ? or(newer, inArray(watchedAddresses.id, gapIds)) : newer)
      .orderBy(asc(watchedAddresses.id));
    const at = now.getTime();
    for (const row of rows) {
      this.setOf(row.chainId).add(row.address);
      if (this.gaps.delete(row.id) || row.id <= this.lastId) continue;
      // The first read starts from nothing: nothing below it is in flight that matters more
      // than what the window keeps.
      const floor = Math.max(this.lastId + 1, row.id - GAP_WINDOW);
      for (let id = floor; id < row.id; id += 1) this.gaps.set(id, at);
      this.lastId = row.id;
    }
    for (const [id, since] of this.gaps) if (at - since > GAP_KEPT_MS) this.gaps.delete(id);
    return rows.length;
  }
}
