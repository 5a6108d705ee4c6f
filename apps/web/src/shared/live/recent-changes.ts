import { useCallback, useSyncExternalStore } from 'react';

/**
 * What the live events just said changed (an order number), for the pages that show it: an open
 * records page marks those rows for a moment. Written by app/live (the event stream), read by
 * the features, so neither imports the other. Each mark fades after HIGHLIGHT_MS.
 */
export const HIGHLIGHT_MS = 4000;

const changedAt = new Map<string, number>();
const listeners = new Set<() => void>();
let version = 0;

function notify(): void {
  version++;
  for (const listener of [...listeners]) listener();
}

export function markChanged(keys: readonly string[], now = Date.now()): void {
  if (keys.length === 0) return;
  for (const key of keys) changedAt.set(key, now);
  notify();
  setTimeout(() => {
    const cutoff = Date.now() - HIGHLIGHT_MS;
    for (const [key, at] of changedAt) if (at <= cutoff) changedAt.delete(key);
    notify();
  }, HIGHLIGHT_MS);
}

export function isRecentlyChanged(key: string): boolean {
  const at = changedAt.get(key);
  return at !== undefined && Date.now() - at < HIGHLIGHT_MS;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders on each change; returns whether a key was just marked. */
export function useRecentChanges(): (key: string) => boolean {
  const current = useSyncExternalStore(
    subscribe,
    () => version,
    () => 0,
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new function per version re-renders the readers.
  return useCallback((key: string) => isRecentlyChanged(key), [current]);
}
