import { and, desc, eq, isNull, sql } from 'drizzle-orm';
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
 * unique besides. Tests call produceBlock() to make one at once, whatever the timer.
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
export async function ensureGenesisBlocks(db: Database): Promise<void> {
  await db
    .insert(devnetBlocks)
    .values(
      CHAIN_IDS.map((chainId) => ({
        chainId,
        height: 0,
        hash: randomChainHash(CHAIN_FAMILY[chainId]),
        producedAt: sql`now()`,
      })),
    )
    .onConflictDoNothing();
}

/**
 * One block per chain, in one transaction. `minAgeMs`: skip a chain whose last block is younger
 * (the timer's rule); undefined: always produce (produceBlock()).
 */
export async function produceDevnetBlocks(db: Database, minAgeMs?: number): Promise<ProducedBlock[]> {
  return db.transaction(async (tx) => {
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
        .values({ chainId, height, hash, producedAt: sql`now()` })
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

export function createBlockProducer(deps: {
  db: Database;
  intervalMs: number;
  log: FastifyBaseLogger;
}): BlockProducer {
  const { db, intervalMs, log } = deps;
  let timer: NodeJS.Timeout | undefined;
  let running = false;
  let inFlight: Promise<unknown> = Promise.resolve();

  const tick = async () => {
    try {
      const blocks = await produceDevnetBlocks(db, intervalMs * SAME_INTERVAL);
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
      const run = produceDevnetBlocks(db);
      inFlight = Promise.allSettled([inFlight, run]);
      return run;
    },
  };
}
