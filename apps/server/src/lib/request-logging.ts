import { type FastifyReply, type FastifyRequest, LogController } from 'fastify';

/**
 * Fastify logs every request twice at info ("incoming request", "request completed"). A route
 * that sets `config.requestLogLevel: 'debug'` (the liveness probe, polled every few seconds
 * by a load balancer) has those two lines at debug instead, so they show only with
 * LOG_LEVEL=debug or trace. Fastify's own route `logLevel` would not do: it moves the route's
 * threshold, not the level its lines are written at. Failures are logged as usual.
 */
declare module 'fastify' {
  interface FastifyContextConfig {
    requestLogLevel?: 'debug';
  }
}

const isQuiet = (request: FastifyRequest) => request.routeOptions.config?.requestLogLevel === 'debug';

export class RequestLogController extends LogController {
  override incomingRequest(request: FastifyRequest, reply: FastifyReply, metadata?: Record<string, unknown>) {
    if (!isQuiet(request)) return super.incomingRequest(request, reply, metadata);
    if (!this.isLogDisabled(request)) request.log.debug({ req: request }, 'incoming request');
  }

  override requestCompleted(
    error: Error | null | undefined,
    request: FastifyRequest,
    reply: FastifyReply,
    metadata?: Record<string, unknown>,
  ) {
    if (error || !isQuiet(request)) return super.requestCompleted(error, request, reply, metadata);
    if (!this.isLogDisabled(request)) {
      reply.log.debug({ res: reply, responseTime: reply.elapsedTime }, 'request completed');
    }
  }
}
