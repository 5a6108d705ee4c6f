import { decimalString, type EndpointDef } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { registerEndpoint } from '../../src/lib/register-endpoint';

/**
 * Routes that exist only in tests. JSON endpoints are not in the contracts yet, so this one
 * (strict, like future ones) goes through the same registerEndpoint path; the crash route
 * stands for a bug. Register them after buildTestApp and before the first inject.
 */
export const echoJson = {
  method: 'POST',
  path: '/test/echo-json',
  encoding: 'json',
  auth: false,
  operationId: 'testEchoJson',
  summary: 'Echo (test only)',
  tag: 'test',
  body: z.strictObject({ amount: decimalString, note: z.string().max(5).optional() }),
  response: z.object({ amount: z.string() }),
} satisfies EndpointDef;

export function registerTestRoutes(app: FastifyInstance): void {
  registerEndpoint(app, echoJson, async ({ body }) => ({ amount: body.amount }));
  app.get('/front/test/crash', async () => {
    throw new Error('connection to db-7 failed: password hunter2');
  });
}

export function postJson(app: FastifyInstance, payload: string, headers: Record<string, string> = {}) {
  return app.inject({
    method: 'POST',
    url: '/front/test/echo-json',
    payload,
    headers: { 'content-type': 'application/json', ...headers },
  });
}
