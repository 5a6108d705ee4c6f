import { BASE_PATH, ErrorCode, errorEnvelope } from '@tollgate/contracts';
import { LIVE_EVENT_TIMING, LIVE_EVENTS_PATH } from '@tollgate/contracts/live-events';
import { liveEventsQuery } from '@tollgate/contracts/live-events-query';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../../db/client';
import { AppError } from '../../lib/app-error';
import { readCookies, TOKEN_COOKIE } from '../../lib/cookies';
import { type EventStream, openEventStream } from '../../lib/event-stream';
import { applyCommonParams } from '../../plugins/request-context';
import type { AuthSession } from '../../types';
import { resolveSession } from '../auth/session.service';
import { createLiveHub } from './event-hub';
import { type LiveEvent, readEventsAfter } from './live-events';

/**
 * GET /front/events: the merchant's live events as server-sent events, one stream per browser
 * tab (contracts/live-events.ts; docs/decisions/2026-11-26-live-updates.md).
 * - Authenticated by the `token` cookie only: an EventSource sends cookies and no headers. A
 *   token in the URL or the x-auth-token header is not read (401, as without a session), so
 *   no token ever lands in an access log or a browser's history.
 * - Resumed: the events after Last-Event-ID (or `lastEventId`) are replayed first, within the
 *   replay window, then the live ones follow without a gap (they are held until the replay is
 *   sent; an id sent twice is dropped).
 * - Ended: on logout (any node), when the session is found over at a heartbeat (expired,
 *   revoked, account disabled), after 30 minutes (the browser reconnects and is checked again),
 *   when the client reads too slowly (lib/event-stream) and before the server closes.
 */
const STREAM_MAX_MS = 30 * 60_000;
/** Per merchant and node: tabs are few; a loop opening streams is stopped here. */
const MAX_STREAMS_PER_MERCHANT = 20;
const STREAMS_PER_MINUTE = 60;
/** Ids already sent, per stream, kept to drop a repeat (a replay meeting the live events). */
const SENT_IDS_KEPT = 1000;

export async function registerLiveRoutes(app: FastifyInstance, database: DatabaseHandle): Promise<void> {
  const hub = await createLiveHub({ database, db: app.db, log: app.log });
  const streams = new Set<EventStream>();
  const openByMerchant = new Map<number, number>();
  // Open streams would hold the server's close forever: they end first, then the LISTEN.
  app.addHook('preClose', async () => {
    for (const stream of [...streams]) stream.close();
    await hub.stop();
  });

  const sessionDeps = { db: app.db, now: app.now };
  async function authenticateByCookie(request: FastifyRequest): Promise<void> {
    const token = readCookies(request.headers.cookie).get(TOKEN_COOKIE);
    request.session = await resolveSession(sessionDeps, token?.trim());
  }

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${BASE_PATH}${LIVE_EVENTS_PATH}`,
    exposeHeadRoute: false,
    schema: {
      tags: ['live'],
      operationId: 'liveEvents',
      summary:
        "text/event-stream of the merchant's events (`order`, `balance`, `withdrawal`, `notice`), each with an id; authenticated by the `token` cookie only; replays what came after Last-Event-ID (10 minutes, 500 events at most); a comment every 20 s",
      security: [{ tokenCookie: [] }],
      querystring: liveEventsQuery,
      produces: ['text/event-stream'],
      response: { 200: z.string().describe('text/event-stream'), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    config: { rateLimit: { max: STREAMS_PER_MINUTE, timeWindow: 60_000 } },
    onRequest: [authenticateByCookie],
    preValidation: [applyCommonParams],
    handler: async (request, reply) => {
      const session = request.session as AuthSession;
      const merchantId = session.merchantId;
      const open = openByMerchant.get(merchantId) ?? 0;
      if (open >= MAX_STREAMS_PER_MERCHANT) throw new AppError(ErrorCode.TOO_MANY_REQUESTS);
      const header = request.headers['last-event-id'];
      const resumeFrom = request.query.lastEventId ?? (typeof header === 'string' ? header.trim() : '');
      const afterId = /^\d{1,18}$/.test(resumeFrom) ? Number(resumeFrom) : undefined;

      reply.hijack();
      const stream = openEventStream(reply.raw, reply.getHeaders(), {
        heartbeatMs: LIVE_EVENT_TIMING.heartbeatMs,
        retryMs: LIVE_EVENT_TIMING.retryMs,
        maxMs: STREAM_MAX_MS,
        onHeartbeat: () => {
          resolveSession(sessionDeps, readCookies(request.headers.cookie).get(TOKEN_COOKIE)?.trim()).catch(
            () => stream.close(),
          );
        },
      });
      streams.add(stream);
      openByMerchant.set(merchantId, open + 1);

      const sent = new Set<number>();
      const send = (event: LiveEvent) => {
        if (stream.closed || sent.has(event.id)) return;
        sent.add(event.id);
        if (sent.size > SENT_IDS_KEPT) sent.delete(sent.values().next().value as number);
        stream.send(event.type, event.payload, event.id);
      };
      // Live events wait while the replay is read, so none falls between the two.
      let held: LiveEvent[] | undefined = afterId === undefined ? undefined : [];
      const unsubscribe = hub.subscribe(merchantId, (event) => {
        if (held) held.push(event);
        else send(event);
      });
      const unwatchSession = hub.onSessionEnded(session.sessionId, () => stream.close());
      stream.onClose(() => {
        unsubscribe();
        unwatchSession();
        streams.delete(stream);
        const left = (openByMerchant.get(merchantId) ?? 1) - 1;
        if (left > 0) openByMerchant.set(merchantId, left);
        else openByMerchant.delete(merchantId);
      });

      if (afterId !== undefined) {
        try {
          for (const event of await readEventsAfter(app.db, merchantId, afterId)) send(event);
        } catch (error) {
          // The live events still flow; the web app reads its pages again on reconnect anyway.
          request.log.warn({ err: error }, 'live: replaying missed events failed');
        }
        const waiting = held ?? [];
        held = undefined;
        waiting.sort((a, b) => a.id - b.id).forEach(send);
      }
    },
  });
}
