import { randomBytes } from 'node:crypto';
import { OPS_TOKEN_HEADER } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { createOperator } from '../../src/modules/ops/create-operator';

/** Operators for the console's tests: made in the database, logged in through the real call. */
export const OPERATOR_PASSWORD = 'Operator2026';

export async function createTestOperator(
  app: FastifyInstance,
  overrides: { email?: string; password?: string } = {},
) {
  const email = overrides.email ?? `ops-${randomBytes(6).toString('hex')}@example.com`;
  const password = overrides.password ?? OPERATOR_PASSWORD;
  const row = await createOperator(app.db, { email, password, now: app.now() });
  if (!row) throw new Error('createTestOperator: email taken');
  return { ...row, password };
}

export function opsCall(
  app: FastifyInstance,
  path: string,
  body?: unknown,
  options: { token?: string; lang?: string; ip?: string; method?: 'GET' | 'POST' } = {},
) {
  const method = options.method ?? (body === undefined ? 'GET' : 'POST');
  return app.inject({
    method,
    url: `/front/ops${path}`,
    ...(body === undefined ? {} : { payload: JSON.stringify(body) }),
    headers: {
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(options.token ? { [OPS_TOKEN_HEADER]: options.token } : {}),
      ...(options.lang ? { lang: options.lang } : {}),
    },
    ...(options.ip ? { remoteAddress: options.ip } : {}),
  });
}

export async function logInOperator(
  app: FastifyInstance,
  operator: { email: string; password: string },
  googleCode?: string,
): Promise<string> {
  const response = await opsCall(app, '/login', {
    email: operator.email,
    password: operator.password,
    ...(googleCode ? { googleCode } : {}),
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`logInOperator: ${body.code} ${body.message}`);
  return body.data.token as string;
}
