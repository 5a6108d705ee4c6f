import { useQueryClient } from '@tanstack/react-query';
import { BASE_PATH } from '@tollgate/contracts/endpoint-routes';
import { SESSION_ENDING_CODES } from '@tollgate/contracts/errors';
import { LIVE_EVENT_TYPES, LIVE_EVENTS_PATH } from '@tollgate/contracts/live-events';
import { useEffect } from 'react';
import { ApiError } from '../../shared/lib/api-error';
import { callEndpoint } from '../../shared/lib/http';
import { ALL_LIVE_KEYS, createInvalidationBatch } from './live-invalidation';

/**
 * One live event stream per tab (GET /front/events), open while the logged-in shell is: each
 * event makes stale what shows it (live-invalidation.ts). The stream is authenticated by the
 * token cookie the login wrote; no token goes in its URL.
 * When it fails (the network, a restart, a refusal) this hook takes over from the browser's own
 * retry: it asks the server whether the session still holds, through an ordinary call, so a
 * 401 or 4000 takes the app's usual way to the login page (http.ts); otherwise it opens a new
 * stream after a backoff (1 s doubling to 60 s, with jitter) that resumes from the last event
 * id. Once reopened, every live query is read again: the replay covers 10 minutes at most.
 */
export const LIVE_BACKOFF = { firstMs: 1000, maxMs: 60_000 };

export function backoffDelay(failures: number, random = Math.random): number {
  const base = Math.min(LIVE_BACKOFF.maxMs, LIVE_BACKOFF.firstMs * 2 ** Math.max(0, failures - 1));
  return Math.round(base * (0.5 + random() / 2));
}

/** false when the session is over (the http client has already sent the app to /login). */
async function isSessionAlive(): Promise<boolean> {
  try {
    await callEndpoint('accountInfo');
    return true;
  } catch (error) {
    return !(error instanceof ApiError && SESSION_ENDING_CODES.includes(error.code));
  }
}

export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    const batch = createInvalidationBatch(queryClient);
    let source: EventSource | undefined;
    let retryTimer: ReturnType<typeof setTimeout> | undefined;
    let lastEventId = '';
    let failures = 0;
    let stopped = false;

    const connect = () => {
      const query = lastEventId ? `?lastEventId=${encodeURIComponent(lastEventId)}` : '';
      const next = new EventSource(`${BASE_PATH}${LIVE_EVENTS_PATH}${query}`);
      source = next;
      next.onopen = () => {
        if (failures > 0) batch.add(ALL_LIVE_KEYS);
        failures = 0;
      };
      for (const type of LIVE_EVENT_TYPES) {
        next.addEventListener(type, (event) => {
          const message = event as MessageEvent<string>;
          if (message.lastEventId) lastEventId = message.lastEventId;
          let payload: unknown;
          try {
            payload = JSON.parse(message.data);
          } catch {
            return;
          }
          batch.apply(type, payload);
        });
      }
      next.onerror = () => {
        next.close();
        if (source !== next || stopped) return;
        source = undefined;
        failures += 1;
        void isSessionAlive().then((alive) => {
          if (!alive || stopped) return;
          retryTimer = setTimeout(connect, backoffDelay(failures));
        });
      };
    };

    connect();
    return () => {
      stopped = true;
      clearTimeout(retryTimer);
      source?.close();
      batch.cancel();
    };
  }, [queryClient]);
}
