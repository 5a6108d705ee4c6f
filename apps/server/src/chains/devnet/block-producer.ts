import { and, desc, eq, gte, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { devnetBlocks, devnetTransfers } from '../../db/schema';
import { CHAIN_FAMILY } from '../addresses';
import { CHAIN_IDS, type ChainId } from '../chain-adapter';
import { randomChainHash } from './devnet-transfer';

/**
 * The devnet's blocks. Every DEVNET_BLOCK_MS, each chain gets one block (height + 1, a random
 * 32-byte hash) holding every transfer of that chain still pending, written in one transaction.
 * Several nodes on one PostgreSQL: the transaction takes an advisory lock, and a timer tick
 * makes no block when one was produced less than 0.9 of an interval ago (database clock), so
 * the nodes together make at most one block per chain and interval; (chain_id, height) is
 * unique besides. Tests call produceBlock() to make one at once, whatever the timer. A block's
 * time is the app's clock (lateness is judged by it, so it follows a test's clock); the two
 * clocks agree outside tests, and a test clock in the past only makes the timer never skip.
 */
export interface ProducedBlock {
  chainId: ChainId;
  height: number;
  hash: string;
  /** How many pending transfers it included. */
  transfers: number;
}

export interface BlockProducer {
  start(): void;
  /** Stops the timer and waits for a block being written. */
  stop(): Promise<void>;
  /** One block on every chain now (the timer's interval rule does not apply). */
  produceBlock(): Promise<ProducedBlock[]>;
}

/** Any fixed number; only the devnet block producer takes this advisory lock. */
const DEVNET_BLOCK_LOCK = 7_104_356_022;
/** Timer ticks of several nodes drift: a block younger than this share of an interval means "done". */
const SAME_INTERVAL = 0.9;

/** Height 0 of every devnet chain, once (ON CONFLICT: nodes starting together agree). */
export async function ensureGenesisBlocks(db: Database, now?: () => Date): Promise<void> {
  await db
    .insert(devnetBlocks)
    .values(
      CHAIN_IDS.map((chainId) => ({
        chainId,
        height: 0,
        hash: randomChainHash(CHAIN_FAMILY[chainId]),
        producedAt: now ? now() : sql`now()`,
      })),
    )
    .onConflictDoNothing();
}

/**
 * One block per chain, in one transaction. `minAgeMs`: skip a chain whose last block is younger
 * (the timer's rule); undefined: always produce (produceBlock()). `now`: the app's clock, the
 * block's time (lateness is judged by it, so it follows a test's clock); else the database's.
 */
export async function produceDevnetBlocks(
  db: Database,
  minAgeMs?: number,
  now?: () => Date,
): Promise<ProducedBlock[]> {
  return db.transaction(async (tx) => {
    const at = now?.();
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEVNET_BLOCK_LOCK})`);
    const produced: ProducedBlock[] = [];
    for (const chainId of CHAIN_IDS) {
      const [head] = await tx
        .select({
          height: devnetBlocks.height,
          young:
            minAgeMs === undefined
              ? sql<boolean>`false`
              : sql<boolean>`${devnetBlocks.producedAt} > now() - ${minAgeMs} * interval '1 millisecond'`,
        })
        .from(devnetBlocks)
        .where(eq(devnetBlocks.chainId, chainId))
        .orderBy(desc(devnetBlocks.height))
        .limit(1);
      if (head?.young) continue;
      const height = (head?.height ?? -1) + 1;
      const hash = randomChainHash(CHAIN_FAMILY[chainId]);
      const inserted = await tx
        .insert(devnetBlocks)
        .values({ chainId, height, hash, producedAt: at ?? sql`now()` })
        .onConflictDoNothing()
        .returning({ height: devnetBlocks.height });
      if (inserted.length === 0) continue;
      const included = await tx
        .update(devnetTransfers)
        .set({ blockHeight: height })
        .where(and(eq(devnetTransfers.chainId, chainId), isNull(devnetTransfers.blockHeight)))
        .returning({ id: devnetTransfers.id });
      produced.push({ chainId, height, hash, transfers: included.length });
    }
    return produced;
  });
}

export interface DevnetReorg {
  chainId: ChainId;
  /** The first height replaced (the common ancestor is the block below). */
  fromHeight: number;
  /** The head, unchanged: the replacing blocks have the same heights. */
  head: number;
  /** Transfers of the replaced blocks: pending again (mined in the next block), or dropped. */
  transfers: number;
}

/**
 * A devnet reorg (tests, and trying the watcher's reorg handling by hand): the chain's last
 * `depth` blocks are replaced by blocks of the same heights with new hashes. The transfers they
 * held go back to pending, so the next block mines them again (as a node re-includes the
 * orphaned blocks' transactions), or, with `drop`, are gone (as anvil_reorg does). Under the
 * producer's advisory lock, so no block is produced meanwhile.
 */
export async function reorgDevnetBlocks(
  db: Database,
  chainId: ChainId,
  depth: number,
  options: { drop?: boolean } = {},
): Promise<DevnetReorg> {
  if (!Number.isSafeInteger(depth) || depth < 1) throw new Error('reorg depth must be a whole number ≥ 1');
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${DEVNET_BLOCK_LOCK})`);
    const [top] = await tx
      .select({ height: devnetBlocks.height })
      .from(devnetBlocks)
      .where(eq(devnetBlocks.chainId, chainId))
      .orderBy(desc(devnetBlocks.height))
      .limit(1);
    const head = top?.height ?? -1;
    // The genesis block stays: a reorg replaces blocks above it.
    const fromHeight = Math.max(head - depth + 1, 1);
    if (head < fromHeight) return { chainId, fromHeight, head, transfers: 0 };
    for (let height = fromHeight; height <= head; height += 1) {
      await tx
        .update(devnetBlocks)
        .set({ hash: randomChainHash(CHAIN_FAMILY[chainId]) })
        .where(and(eq(devnetBlocks.chainId, chainId), eq(devnetBlocks.height, height)));
    }
    const orphaned = and(eq(devnetTransfers.chainId, chainId), gte(devnetTransfers.blockHeight, fromHeight));
    const moved = options.drop
      ? await tx.delete(devnetTransfers).where(orphaned).returning({ id: devnetTransfers.id })
      : await tx
          .update(devnetTransfers)
          .set({ blockHeight: null })
          .where(orphaned)
          .returning({ id: devnetTransfers.id });
    return { chainId, fromHeight, head, transfers: moved.length };
  });
}

export function createBlockProducer(deps: {
  db: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
  /** The app's clock, each block's time; the database's when omitted. */
  now?: () => Date;
}): BlockProducer {
  const { db, intervalMs, log, now } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let inFlight: Promise<unknown> = Promise.resolve();

  const tick = async () => {
    try {
      const blocks = await produceDevnetBlocks(db, intervalMs * SAME_INTERVAL, now);
      for (const block of blocks) {
        if (block.transfers > 0) log.debug({ block }, 'devnet block');
      }
    } catch (error) {
      // A lost connection or a busy database: the next tick tries again.
      log.error({ err: error }, 'devnet block producer: no block this interval');
    }
  };
  const schedule = () => {
    if (!running) return;
    timer = setTimeout(() => {
      inFlight = tick().finally(schedule);
    }, intervalMs);
  };

  return {
    start() {
      if (running) return;
      running = true;
      schedule();
    },
    async stop() {
      running = false;
      clearTimeout(timer);
      await inFlight;
    },
    produceBlock() {
      const run = produceDevnetBlocks(db, undefined, now);
      inFlight = Promise.allSettled([inFlight, run]);
      return run;
    },
  };
}
