import { useSyncExternalStore } from 'react';

/**
 * Counts route modules being fetched. A route whose module is already loaded (cached) never
 * shows the overlay; one still in flight does, until navigation proceeds (SPEC section 2).
 */
let pendingLoads = 0;
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

export function trackRouteLoad<T>(load: Promise<T>): Promise<T> {
  pendingLoads += 1;
  notify();
  return load.finally(() => {
    pendingLoads -= 1;
    notify();
  });
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useIsRouteModuleLoading(): boolean {
  return useSyncExternalStore(subscribe, () => pendingLoads > 0);
}
