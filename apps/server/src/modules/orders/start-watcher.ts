import type { FastifyInstance } from 'fastify';
import { createEpusdtEventWriter } from '../epusdt/epusdt-notify';
import { runWatcherTick, type TickReport, type WatcherDeps } from './collection-watcher';

/**
 * The collection watcher of this process: a pass (collection-watcher.ts) every interval, from
 * ready to close. Several nodes may run it on one database: each pass claims a chain's scan by
 * its cursor row, and credits and expiries are conditional updates under the order's lock.
 * `tick()` runs one pass now (tests, after a devnet block), after any pass in progress.
 */
export interface CollectionWatcher {
  start(): void;
  tick(): Promise<TickReport>;
  stop(): Promise<void>;
}

/** Live chains are polled this often; devnet chains once per block (DEVNET_BLOCK_MS). */
const LIVE_POLL_MS = 10_000;

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
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}

export function startCollectionWatcher(app: FastifyInstance): void {
  const watcher = createCollectionWatcher({
    db: app.db,
    now: app.now,
    chains: app.chains,
    events: { publicUrl: app.config.publicUrl, epusdt: createEpusdtEventWriter() },
    log: app.log,
    sendStuckBlocks: app.config.chains.sendStuckBlocks,
    everyMs: app.chains.mode === 'devnet' ? app.config.chains.devnetBlockMs : LIVE_POLL_MS,
    afterEvents: () => app.jobs.wake(),
  });
  app.decorate('watcher', watcher);
  app.addHook('onReady', async () => watcher.start());
}
