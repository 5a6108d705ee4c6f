import {
  BASE_PATH,
  CASHIER_LIMITS,
  type CashierView,
  cashierOrderQuery,
  cashierView,
  ErrorCode,
  endpoints,
  errorEnvelope,
} from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { AppError } from '../../lib/app-error';
import { type EventStream, openEventStream } from '../../lib/event-stream';
import { registerEndpoint } from '../../lib/register-endpoint';
import { applyCommonParams } from '../../plugins/request-context';
import { chooseCashierNetwork, simulateCashierPayment } from './cashier.service';
import { loadCashierView, loadCashierViews } from './cashier-view';
import { createOrderWatch } from './order-watch';

/**
 * The hosted cashier's public calls under /front/cashier (no login; cashier.service.ts and
 * cashier-view.ts say what they allow and show). Each is limited per client IP; the event
 * streams also by how many one IP holds open on this node. In live mode the simulate call
 * does not exist: its path answers 404 like an unknown one.
 */
export const CASHIER_STREAM_TIMING = {
  /** How often the followed orders are read (the database is the only signal between nodes). */
  pollMs: 1000,
  heartbeatMs: 15_000,
  /** A stream ends after this; the browser reconnects by itself (retry) and gets the view again. */
  maxMs: 5 * 60_000,
  retryMs: 3000,
};

const perMinute = (max: number) => ({ config: { rateLimit: { max, timeWindow: 60_000 } } });

export function registerCashierRoutes(app: FastifyInstance): void {
  const deps = { db: app.db, now: app.now, chains: app.chains };

  registerEndpoint(
    app,
    endpoints.cashierOrder,
    ({ query }) => loadCashierView(deps, query.orderNo),
    perMinute(CASHIER_LIMITS.orderPerMinute),
  );
  registerEndpoint(
    app,
    endpoints.cashierNetwork,
    ({ body }) => chooseCashierNetwork(deps, body.orderNo, body.chainId),
    perMinute(CASHIER_LIMITS.networkPerMinute),
  );

  const devnet = app.chains.devnet;
  if (devnet) {
    registerEndpoint(
      app,
      endpoints.cashierSimulate,
      ({ body }) => simulateCashierPayment({ ...deps, devnet }, body.orderNo, body.amount),
      perMinute(CASHIER_LIMITS.simulatePerMinute),
    );
  } else {
    // Live mode: no simulation at all. The path is kept only so that it answers 404 (not the
    // 405 an endpoint of the contracts gets for a method it lacks), and is left out of the docs.
    app.post(`${BASE_PATH}${endpoints.cashierSimulate.path}`, { schema: { hide: true } }, async () => {
      throw new AppError(ErrorCode.NOT_FOUND);
    });
  }

  registerCashierEvents(app, deps);
}

/** GET /front/cashier/events: the view now and on each change, as server-sent events. */
function registerCashierEvents(app: FastifyInstance, deps: Parameters<typeof loadCashierViews>[0]): void {
  const endpoint = endpoints.cashierEvents;
  const watch = createOrderWatch({
    load: (orderNos) => loadCashierViews(deps, orderNos),
    everyMs: CASHIER_STREAM_TIMING.pollMs,
    log: app.log,
  });
  const streams = new Set<EventStream>();
  const openByIp = new Map<string, number>();
  // Open streams would hold the server's close forever: they end first.
  app.addHook('preClose', async () => {
    watch.stop();
    for (const stream of [...streams]) stream.close();
  });

  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: `${BASE_PATH}${endpoint.path}`,
    exposeHeadRoute: false,
    schema: {
      tags: [endpoint.tag],
      operationId: endpoint.operationId,
      summary: endpoint.summary,
      security: [],
      querystring: cashierOrderQuery,
      produces: ['text/event-stream'],
      response: { 200: cashierView, '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    ...perMinute(CASHIER_LIMITS.eventsPerMinute),
    preValidation: [applyCommonParams],
    handler: async (request, reply) => {
      const view = await loadCashierView(deps, request.query.orderNo);
      const ip = request.ip;
      const open = openByIp.get(ip) ?? 0;
      if (open >= CASHIER_LIMITS.openStreams) throw new AppError(ErrorCode.TOO_MANY_REQUESTS);

      reply.hijack();
      const stream = openEventStream(reply.raw, reply.getHeaders(), CASHIER_STREAM_TIMING);
      openByIp.set(ip, open + 1);
      streams.add(stream);
      let unsubscribe: (() => void) | undefined;
      stream.onClose(() => {
        unsubscribe?.();
        streams.delete(stream);
        const left = (openByIp.get(ip) ?? 1) - 1;
        if (left > 0) openByIp.set(ip, left);
        else openByIp.delete(ip);
      });

      let last = '';
      const push = (next: CashierView) => {
        // The server's clock moves every read; only a change of the order itself is news.
        const key = JSON.stringify({ ...next, serverTime: '' });
        if (key === last || stream.closed) return;
        last = key;
        stream.send('order', next);
        if (next.status === 'completed' || next.status === 'expired') stream.close();
      };
      push(view);
      if (!stream.closed) unsubscribe = watch.subscribe(view.orderNo, push);
    },
  });
}
