import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { type ChainAdapter, firstScanHeight, GAS_WALLET, HOT_WALLET } from '../../chains/chain-adapter';
import type { Database } from '../../db/client';
import { watchedAddresses } from '../../db/schema';
import { createEpusdtEventWriter } from '../epusdt/epusdt-notify';
import { leaseName, newLeaseHolder, releaseLease } from './chain-lease';
import { runWatcherTick, type TickReport, type WatcherDeps, type WatcherNode } from './collection-watcher';
import { ensureCursor } from './watch.repository';
import { WatchedSets } from './watched-set';

/**
 * The chain watcher of this process: a pass (collection-watcher.ts) every interval, from ready
 * to close. Several nodes may run it on one database: each chain is scanned, credited and its
 * sends watched by the node holding its lease (chain-lease.ts), and credits and expiries are
 * conditional updates under the order's lock besides. On stop the node gives its leases up, so
 * another takes its chains on its next pass rather than after WATCHER_LEASE_MS.
 * `tick()` runs one pass now (tests, after a devnet block), after any pass in progress.
 */
export interface CollectionWatcher {
  start(): void;
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
}

/** Live chains are polled this often; devnet chains once per block (DEVNET_BLOCK_MS). */
const LIVE_POLL_MS = 10_000;

/**
 * A live chain's pass interval: LIVE_POLL_MS, or a third of WATCHER_LEASE_MS when that is
 * shorter. The holder renews its lease each pass, so a lease shorter than the interval would
 * run out between the holder's own passes (the chain bouncing between nodes), and the others
 * would notice a dead holder's lease ended only up to an interval later.
 */
export function livePollMs(leaseMs: number): number {
  return Math.min(LIVE_POLL_MS, Math.floor(leaseMs / 3));
}

/** A node's own watcher state: its lease holder id and its in-memory watched sets. */
export function createWatcherNode(leaseMs: number): WatcherNode {
  return { holder: newLeaseHolder(), leaseMs, watched: new WatchedSets() };
}

export function createCollectionWatcher(
  deps: WatcherDeps & { everyMs: number; afterEvents(): void },
): CollectionWatcher {
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> = Promise.resolve();
  let stopped = true;

  function pass(): Promise<TickReport> {
    const next = running.then(async () => {
      const report = await runWatcherTick(deps);
      if (report.events > 0) deps.afterEvents();
      return report;
    });
    running = next.catch(() => undefined);
    return next;
  }

  function schedule(): void {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => {
      pass()
        .catch((error: unknown) => deps.log?.error({ err: error }, 'watcher: pass failed'))
        .finally(schedule);
    }, deps.everyMs).unref();
  }

  return {
    start() {
      stopped = false;
      schedule();
    },
    tick: pass,
    async stop() {
      const wasRunning = !stopped;
      stopped = true;
      clearTimeout(timer);
      await running;
      if (!wasRunning) return;
      for (const adapter of deps.chains.enabled()) {
        await releaseLease(deps.db, leaseName(adapter.chainId), deps.node.holder).catch((error: unknown) =>
          deps.log?.warn({ err: error }, 'watcher: lease not released'),
        );
      }
    },
  };
}

export function startCollectionWatcher(app: FastifyInstance): void {
  const watcher = createCollectionWatcher({
    db: app.db,
    now: app.now,
    chains: app.chains,
    events: { publicUrl: app.config.publicUrl, epusdt: createEpusdtEventWriter() },
    node: createWatcherNode(app.config.watcherLeaseMs),
    log: app.log,
    sendStuckBlocks: app.config.chains.sendStuckBlocks,
    sweeps: { minimums: app.config.chains.sweepMinimums, everyMs: app.config.chains.sweepIntervalMs },
    reconcile: { everyMs: app.config.chains.reconcileIntervalMs },
    everyMs:
      app.chains.mode === 'devnet' ? app.config.chains.devnetBlockMs : livePollMs(app.config.watcherLeaseMs),
    afterEvents: () => app.jobs.wake(),
  });
  app.decorate('watcher', watcher);
  app.addHook('onReady', async () => {
    await watchPlatformWallets(app.db, app.chains.enabled());
    await placeLiveCursors(app.db, app.chains.enabled(), app.now(), app.log);
    watcher.start();
  });
}

/**
 * A live chain scanned for the first time starts at START_BLOCK_<CHAIN>, else at its head; that
 * head is read here, before the server takes its first order, not at the first pass a few
 * seconds later: an order created and paid in between would otherwise be behind the cursor. A
 * node that does not answer now leaves it to the first pass.
 */
async function placeLiveCursors(
  db: Database,
  adapters: readonly ChainAdapter[],
  now: Date,
  log: FastifyBaseLogger,
): Promise<void> {
  for (const adapter of adapters) {
    if (adapter.mode !== 'live') continue;
    try {
      const first = await firstScanHeight({
        startBlock: adapter.startBlock,
        headHeight: () => adapter.headHeight(),
      });
      await ensureCursor(db, adapter.chainId, first - 1, now);
    } catch (error) {
      log.warn(
        { err: error, chainId: adapter.chainId },
        'watcher: the node did not answer at start; the first pass places the cursor',
      );
    }
  }
}

/**
 * The hot and gas wallets of every enabled chain are watched like any issued address: coin the
 * operator sends them is booked as operator funding (collection-watcher.ts), so the platform
 * books match what they hold.
 */
export async function watchPlatformWallets(db: Database, adapters: readonly ChainAdapter[]): Promise<void> {
  const rows = adapters.flatMap((adapter) =>
    [HOT_WALLET, GAS_WALLET].map((key) => ({
      chainId: adapter.chainId,
      address: adapter.deriveAddress(key.index, key.account),
    })),
  );
  if (rows.length > 0) await db.insert(watchedAddresses).values(rows).onConflictDoNothing();
}
