import type { CashierView } from '@tollgate/contracts';
import type { Language } from '@tollgate/contracts/languages';
import { useCallback, useEffect, useRef, useState } from 'react';
import { CallError, eventsUrl, fetchOrder, isFinal } from './api';

/**
 * The order as the page shows it: loaded once, then kept live over server-sent events. While
 * the event stream is down (reconnecting, refused, or no EventSource at all) the order is
 * polled every few seconds instead; both stop once the order is completed or expired.
 * `clockOffset` is the server's clock minus the device's, so countdowns follow the server.
 */
export type FeedState =
  | { kind: 'loading' }
  | { kind: 'error'; error: 'notFound' | 'network' }
  | { kind: 'ready'; view: CashierView; clockOffset: number };

const POLL_MS = 3000;

export function useOrderFeed(orderNo: string, lang: Language) {
  const [state, setState] = useState<FeedState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  /** False once the event stream has failed for good and the page relies on polling. */
  const [live, setLive] = useState(true);
  const langRef = useRef(lang);
  langRef.current = lang;

  const accept = useCallback((view: CashierView) => {
    setState({ kind: 'ready', view, clockOffset: Date.parse(view.serverTime) - Date.now() });
  }, []);

  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is the retry trigger
  useEffect(() => {
    let cancelled = false;
    fetchOrder(orderNo, langRef.current).then(
      (view) => {
        if (!cancelled) accept(view);
      },
      (error: unknown) => {
        if (cancelled) return;
        // A number the server refuses outright (malformed, empty) names no order either.
        const notFound = error instanceof CallError && error.kind !== 'network';
        setState({ kind: 'error', error: notFound ? 'notFound' : 'network' });
      },
    );
    return () => {
      cancelled = true;
    };
  }, [orderNo, attempt, accept]);

  const ready = state.kind === 'ready';
  const final = state.kind === 'ready' && isFinal(state.view);
  useEffect(() => {
    if (!ready || final) return;
    let poll: ReturnType<typeof setInterval> | undefined;
    const startPolling = () => {
      poll ??= setInterval(() => {
        fetchOrder(orderNo, langRef.current).then(accept, () => undefined);
      }, POLL_MS);
    };
    const stopPolling = () => {
      clearInterval(poll);
      poll = undefined;
    };
    if (typeof EventSource === 'undefined') {
      setLive(false);
      startPolling();
      return stopPolling;
    }
    const source = new EventSource(eventsUrl(orderNo));
    source.addEventListener('order', (event) => {
      accept(JSON.parse((event as MessageEvent<string>).data) as CashierView);
    });
    source.onopen = () => {
      setLive(true);
      stopPolling();
    };
    source.onerror = () => {
      // CONNECTING: the browser retries by itself (a stream's planned end, a network blip);
      // CLOSED: it gave up (the server refused the stream). Either way, poll meanwhile.
      if (source.readyState === EventSource.CLOSED) setLive(false);
      startPolling();
    };
    return () => {
      source.close();
      stopPolling();
    };
  }, [ready, final, orderNo, accept]);

  return { state, live, retry, accept };
}

/** Now on the server's clock, ticking every second. */
export function useServerNow(clockOffset: number): number {
  const [now, setNow] = useState(() => Date.now() + clockOffset);
  useEffect(() => {
    setNow(Date.now() + clockOffset);
    const timer = setInterval(() => setNow(Date.now() + clockOffset), 1000);
    return () => clearInterval(timer);
  }, [clockOffset]);
  return now;
}
