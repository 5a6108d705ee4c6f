import type { CashierView } from '@tollgate/contracts';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The orders this node's cashier streams are following, read from the database about once a
 * second: one batched read for all of them, however many streams are open. The database is
 * the only signal, so a change made by any node (the watcher, a network chosen elsewhere)
 * reaches every stream on every node. Each listener gets every fresh view and decides itself
 * whether it changed. The timer runs only while someone listens.
 */
export type ViewListener = (view: CashierView) => void;

export interface OrderWatch {
  /** Follow an order; returns how to stop. */
  subscribe(orderNo: string, listener: ViewListener): () => void;
  /** How many orders are followed (tests). */
  size(): number;
  stop(): void;
}

export function createOrderWatch(deps: {
  load(orderNos: string[]): Promise<Map<string, CashierView>>;
  everyMs: number;
  log?: FastifyBaseLogger;
}): OrderWatch {
  const listeners = new Map<string, Set<ViewListener>>();
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;

  async function poll(): Promise<void> {
    timer = undefined;
    const orderNos = [...listeners.keys()];
    if (orderNos.length === 0 || stopped) return;
    try {
      const views = await deps.load(orderNos);
      for (const [orderNo, view] of views) {
        for (const listener of listeners.get(orderNo) ?? []) listener(view);
      }
    } catch (error) {
      // A database hiccup: the streams stay open and the next read tries again.
      deps.log?.warn({ err: error }, 'cashier: reading the followed orders failed');
    }
    schedule();
  }

  function schedule(): void {
    if (timer || stopped || listeners.size === 0) return;
    timer = setTimeout(() => void poll(), deps.everyMs);
    timer.unref();
  }

  return {
    subscribe(orderNo, listener) {
      const set = listeners.get(orderNo) ?? new Set();
      set.add(listener);
      listeners.set(orderNo, set);
      schedule();
      return () => {
        set.delete(listener);
        if (set.size === 0 && listeners.get(orderNo) === set) listeners.delete(orderNo);
      };
    },
    size: () => listeners.size,
    stop() {
      stopped = true;
      clearTimeout(timer);
      listeners.clear();
    },
  };
}
