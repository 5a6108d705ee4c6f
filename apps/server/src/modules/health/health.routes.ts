import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Liveness for load balancers and the benchmark's baseline: no auth, no database, no
 * envelope. That it answers means the process is up and its event loop is turning.
 */
const healthResponse = z.object({ status: z.literal('ok') });

export function registerHealthRoutes(app: FastifyInstance): void {
  app.withTypeProvider<ZodTypeProvider>().get(
    '/health',
    {
      schema: {
        tags: ['system'],
        operationId: 'getHealth',
        summary: 'Liveness probe',
        security: [],
        response: { 200: healthResponse },
      },
      // Polled every few seconds by load balancers: its request lines would drown the log at info.
      config: { requestLogLevel: 'debug' },
    },
    async () => ({ status: 'ok' as const }),
  );
}
