import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';

/**
 * The resend countdown of SPEC section 2 (60 s, section 5 of issue 3). The deadline, not a
 * counter, is kept in a module store keyed by what was sent (`register:a@b.co`), so the count
 * is right after any re-render, after the form unmounts (switching tabs or steps) and mounts
 * again, and even when the tab's timers were throttled in the background.
 */
export const RESEND_SECONDS = 60;

const deadlines = new Map<string, number>();
const listeners = new Set<() => void>();

function notify() {
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function startCountdown(key: string, seconds: number = RESEND_SECONDS, now: number = Date.now()) {
  deadlines.set(key, now + seconds * 1000);
  notify();
}

export function clearCountdown(key: string) {
  if (deadlines.delete(key)) notify();
}

/** Whole seconds left for `key` (0 when not counting), rounded up so "1" shows until the end. */
export function secondsLeft(key: string, now: number = Date.now()): number {
  const deadline = deadlines.get(key) ?? 0;
  return Math.max(0, Math.ceil((deadline - now) / 1000));
}

export function useCountdown(key: string, seconds: number = RESEND_SECONDS) {
  const deadline = useSyncExternalStore(subscribe, () => deadlines.get(key) ?? 0);
  const [, setTick] = useState(0);
  const remaining = secondsLeft(key);

  useEffect(() => {
    if (deadline <= Date.now()) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (deadline <= Date.now()) clearInterval(timer);
    }, 250);
    return () => clearInterval(timer);
  }, [deadline]);

  const start = useCallback(() => startCountdown(key, seconds), [key, seconds]);
  const clear = useCallback(() => clearCountdown(key), [key]);
  return { remaining, isCounting: remaining > 0, start, clear };
}
