import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { merchants } from '../src/db/schema';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant, logInAs } from './helpers/factories';
import { isPostgresRun } from './helpers/test-database';

/**
 * The authenticated path is the hot path of the back office: one query per call (the session
 * and its merchant together), a prepared statement (on PostgreSQL a named one), and nothing
 * kept between requests but the statement itself.
 */
let app: FastifyInstance;
let queries: MockInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());
afterEach(() => queries?.mockRestore());

/** Counts what reaches the driver (PGlite's client or node-postgres' pool) from now on. */
function spyOnQueries(): MockInstance {
  const client = (app.db as unknown as { $client: { query: (...args: unknown[]) => unknown } }).$client;
  queries = vi.spyOn(client, 'query');
  return queries;
}

const info = (token: string) =>
  app.inject({ url: '/front/merchant/info', headers: { 'x-auth-token': token } });

describe('the authenticated path', () => {
  it('answers GET /front/merchant/info with one query', async () => {
    const merchant = await createMerchant(app, { lang: 'vi_VN' });
    const token = await logInAs(app, merchant);
    const spy = spyOnQueries();
    const response = await info(token);
    expect(response.json()).toMatchObject({
      code: 0,
      data: { merchantId: String(merchant.id), email: merchant.email, lang: 'vi_VN' },
    });
    expect(spy).toHaveBeenCalledTimes(1);
    if (isPostgresRun()) {
      expect(spy.mock.calls[0]?.[0]).toMatchObject({ name: 'find_session_by_token_hash' });
    }
  });

  it('reads the merchant afresh on every call', async () => {
    const merchant = await createMerchant(app);
    const token = await logInAs(app, merchant);
    expect((await info(token)).json().data.phone).toBeNull();
    await app.db
      .update(merchants)
      .set({ countryCode: '84', phone: '912345678' })
      .where(eq(merchants.id, merchant.id));
    expect((await info(token)).json().data).toMatchObject({ countryCode: '84', phone: '912345678' });
    await app.db.update(merchants).set({ status: 'disabled' }).where(eq(merchants.id, merchant.id));
    expect((await info(token)).json().code).toBe(4000);
  });

  it('still refuses unknown tokens with 401, with the same one query', async () => {
    const spy = spyOnQueries();
    const response = await info('not-a-token-we-issued');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe(401);
    expect(spy).toHaveBeenCalledTimes(1);
  });
});
