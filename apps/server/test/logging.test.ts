import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, form } from './helpers/factories';
import { registerTestRoutes } from './helpers/test-routes';

/** Structured logs: every line of a request carries its id; tokens and passwords never appear. */
const lines: string[] = [];
let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp({ env: { LOG_LEVEL: 'trace' }, logStream: { write: (line) => lines.push(line) } });
  registerTestRoutes(app);
});
afterAll(() => app.close());

const entries = () => lines.map((line) => JSON.parse(line) as Record<string, unknown>);

describe('logs', () => {
  it('tag each request line with its id and hold no secrets', async () => {
    const merchant = await createMerchant(app, { password: 'Secret2026xyz' });
    const login = await app.inject({
      method: 'POST',
      url: '/front/login',
      ...form({ email: merchant.email, password: merchant.password }),
      headers: { ...form({}).headers, 'x-request-id': 'login-req-1' },
    });
    const token: string = login.json().data.token;
    await app.inject({
      url: '/front/merchant/info',
      headers: { 'x-auth-token': token, 'x-request-id': 'info-req-1' },
    });

    const forLogin = entries().filter((entry) => entry.reqId === 'login-req-1');
    expect(forLogin.map((entry) => entry.msg)).toEqual(
      expect.arrayContaining(['incoming request', 'request completed']),
    );
    expect(entries().some((entry) => entry.reqId === 'info-req-1')).toBe(true);
    const all = lines.join('\n');
    expect(all).not.toContain(token);
    expect(all).not.toContain('Secret2026xyz');
  });

  it('log a server fault with its stack under the request id', async () => {
    await app.inject({ url: '/front/test/crash', headers: { 'x-request-id': 'crash-log-1' } });
    const fault = entries().find((entry) => entry.reqId === 'crash-log-1' && entry.level === 50);
    expect(fault?.msg).toBe('request failed');
    expect((fault?.err as { stack?: string } | undefined)?.stack).toContain('connection to db-7 failed');
  });

  it('write /health requests at debug, never info; other routes stay at info', async () => {
    await app.inject({ url: '/health', headers: { 'x-request-id': 'health-log-1' } });
    await app.inject({ url: '/front/config/chainList', headers: { 'x-request-id': 'chains-log-1' } });
    const health = entries().filter((entry) => entry.reqId === 'health-log-1');
    expect(health.map((entry) => [entry.level, entry.msg])).toEqual([
      [20, 'incoming request'],
      [20, 'request completed'],
    ]);
    const chains = entries().filter((entry) => entry.reqId === 'chains-log-1' && entry.level === 30);
    expect(chains.map((entry) => entry.msg)).toEqual(['incoming request', 'request completed']);
  });

  it('redact a token or password that a log call is handed', () => {
    app.log.info({ req: { headers: { 'x-auth-token': 'tok-123' } }, body: { password: 'pw-456' } }, 'probe');
    const probe = entries().find((entry) => entry.msg === 'probe');
    expect(JSON.stringify(probe)).not.toMatch(/tok-123|pw-456/);
    expect(probe?.body).toEqual({ password: '[redacted]' });
  });
});
