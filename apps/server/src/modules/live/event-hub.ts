import type { FastifyBaseLogger } from 'fastify';
import type { Database, DatabaseHandle } from '../../db/client';
import {
  LIVE_CHANNEL,
  type LiveEvent,
  parseNotification,
  readAllEventsAfter,
  readEventsByIds,
  readLastEventId,
} from './live-events';

/**
 * This node's end of the live events: one LISTEN on `tollgate_events` (db/client: PGlite's own,
 * or one dedicated connection to the PostgreSQL server), fanned out to the streams open here.
 * The database is the only path between nodes: an event committed through any node reaches
 * every node's streams, and nothing is kept in process memory but who listens.
 * When the LISTEN connection was lost and is back, the events committed meanwhile are read
 * from the table and dispatched (a stream drops an id it already sent).
 */
export type LiveListener = (event: LiveEvent) => void;

export interface LiveHub {
  /** Follow a merchant's events (and the ones for every merchant); returns how to stop. */
  subscribe(merchantId: number, listener: LiveListener): () => void;
  /** Told when a session ends by logout, on any node. */
  onSessionEnded(sessionId: number, callback: () => void): () => void;
  stop(): Promise<void>;
}

export async function createLiveHub(deps: {
  database: Pick<DatabaseHandle, 'listen'>;
  db: Database;
  log: FastifyBaseLogger;
}): Promise<LiveHub> {
  const byMerchant = new Map<number, Set<LiveListener>>();
  const bySession = new Map<number, Set<() => void>>();
  /** The highest id dispatched: where a catch-up after a lost LISTEN starts. */
  let lastId = 0;
  let stopped = false;

  function dispatch(event: LiveEvent): void {
    lastId = Math.max(lastId, event.id);
    const targets =
      event.merchantId === null ? [...byMerchant.values()] : [byMerchant.get(event.merchantId) ?? new Set()];
    for (const set of targets) {
      for (const listener of [...set]) listener(event);
    }
  }

  function onNotify(text: string): void {
    const note = parseNotification(text);
    if (!note || stopped) return;
    if (note.kind === 'sessionEnded') {
      for (const callback of [...(bySession.get(note.sessionId) ?? [])]) callback();
      return;
    }
    const interested = note.merchantId === null ? byMerchant.size > 0 : byMerchant.has(note.merchantId);
    if (!interested) {
      lastId = Math.max(lastId, note.id);
      return;
    }
    if ('payload' in note) {
      dispatch({ id: note.id, merchantId: note.merchantId, type: note.type, payload: note.payload });
      return;
    }
    // Too large for the NOTIFY: read from its row.
    readEventsByIds(deps.db, [note.id]).then(
      (events) => events.forEach(dispatch),
      (error) => deps.log.warn({ err: error }, 'live: reading an event failed'),
    );
  }

  async function onResume(): Promise<void> {
    if (stopped || byMerchant.size === 0) return;
    try {
      for (const event of await readAllEventsAfter(deps.db, lastId)) {
        if (event.merchantId === null || byMerchant.has(event.merchantId)) dispatch(event);
      }
    } catch (error) {
      deps.log.warn({ err: error }, 'live: catching up after the LISTEN connection came back failed');
    }
  }

  lastId = await readLastEventId(deps.db);
  const unlisten = await deps.database.listen(LIVE_CHANNEL, { onNotify, onResume: () => void onResume() });

  function add<K, V>(map: Map<K, Set<V>>, key: K, value: V): () => void {
    const set = map.get(key) ?? new Set<V>();
    set.add(value);
    map.set(key, set);
    return () => {
      set.delete(value);
      if (set.size === 0 && map.get(key) === set) map.delete(key);
    };
  }

  return {
    subscribe: (merchantId, listener) => add(byMerchant, merchantId, listener),
    onSessionEnded: (sessionId, callback) => add(bySession, sessionId, callback),
    async stop() {
      stopped = true;
      byMerchant.clear();
      bySession.clear();
      await unlisten();
    },
  };
}
