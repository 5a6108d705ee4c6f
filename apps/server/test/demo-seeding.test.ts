import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { merchants, operators } from '../src/db/schema';
import { hashPassword } from '../src/lib/passwords';
import { DEMO_ACCOUNT } from '../src/modules/merchant/demo-merchant';
import { DEMO_OPERATOR } from '../src/modules/ops/create-operator';
import { buildTestApp } from './helpers/build-test-app';
import { form } from './helpers/factories';
import { createTestDatabase } from './helpers/test-database';

/** The demo merchant: seeded by default on the embedded database, SEED_DEMO=1 always, 0 never. */
async function withApp(
  env: Record<string, string>,
  run: (app: Awaited<ReturnType<typeof buildTestApp>>) => Promise<void>,
) {
  const app = await buildTestApp({ env });
  try {
    await run(app);
  } finally {
    await app.close();
  }
}

const demoRows = (app: Awaited<ReturnType<typeof buildTestApp>>) =>
  app.db.select().from(merchants).where(eq(merchants.email, DEMO_ACCOUNT.email));
const demoOperatorRows = (app: Awaited<ReturnType<typeof buildTestApp>>) =>
  app.db.select().from(operators).where(eq(operators.email, DEMO_OPERATOR.email));

describe('demo merchant', () => {
  it('is seeded with the embedded database (DATABASE_URL unset) and can log in', async () => {
    await withApp({}, async (app) => {
      expect(app.demoAccount).toEqual({ email: 'demo@tollgate.dev', password: 'Tollgate2026' });
      const [row] = await demoRows(app);
      expect(row).toMatchObject({ email: 'demo@tollgate.dev', status: 'active', googleState: false });
      // Its withdrawals up to 1,000 USDT complete without review (every other merchant: 0).
      expect(Number(row?.autoApproveUsdt)).toBe(1000);
      const login = await app.inject({ method: 'POST', url: '/front/login', ...form({ ...DEMO_ACCOUNT }) });
      expect(login.json().code).toBe(0);
      const token = login.json().data.token;
      const account = await app.inject({
        url: '/front/merchant/account/info',
        headers: { 'x-auth-token': token },
      });
      // No invented money: a demo starts empty like any merchant.
      expect(account.json().data.totalBalance).toBe('0');

      // The demo operator for /ops comes on the same terms, and is not a merchant.
      expect(app.demoOperator).toEqual({ email: 'ops@tollgate.dev', password: 'Tollgate2026' });
      const opsLogin = await app.inject({
        method: 'POST',
        url: '/front/ops/login',
        payload: { ...DEMO_OPERATOR },
      });
      expect(opsLogin.json().code).toBe(0);
      const asMerchant = await app.inject({
        method: 'POST',
        url: '/front/login',
        ...form({ ...DEMO_OPERATOR }),
      });
      expect(asMerchant.json().code).toBe(1101);
    });
  });

  it('is not seeded when DATABASE_URL is set without SEED_DEMO', async () => {
    await withApp({ DATABASE_URL: 'postgres://app@db.internal:5432/tollgate' }, async (app) => {
      expect(app.demoAccount).toBeNull();
      expect(await demoRows(app)).toHaveLength(0);
      expect(app.demoOperator).toBeNull();
      expect(await demoOperatorRows(app)).toHaveLength(0);
      const login = await app.inject({ method: 'POST', url: '/front/login', ...form({ ...DEMO_ACCOUNT }) });
      expect(login.json().code).toBe(1101);
    });
  });

  it('is seeded with DATABASE_URL when SEED_DEMO=1', async () => {
    await withApp(
      { DATABASE_URL: 'postgres://app@db.internal:5432/tollgate', SEED_DEMO: '1' },
      async (app) => {
        expect(await demoRows(app)).toHaveLength(1);
      },
    );
  });

  it('is not seeded with SEED_DEMO=0, even on the embedded database', async () => {
    await withApp({ SEED_DEMO: '0' }, async (app) => {
      expect(app.demoAccount).toBeNull();
      expect(await demoRows(app)).toHaveLength(0);
      expect(app.demoOperator).toBeNull();
      expect(await demoOperatorRows(app)).toHaveLength(0);
    });
  });

  it('is no longer announced once its password was changed', async () => {
    const database = await createTestDatabase();
    const closeForReal = database.close;
    const first = await buildTestApp({ database: { ...database, close: async () => {} } });
    expect(first.demoAccount).not.toBeNull();
    await first.db
      .update(merchants)
      .set({ passwordHash: await hashPassword('Changed2026pass') })
      .where(eq(merchants.email, DEMO_ACCOUNT.email));
    await first.close();
    const second = await buildTestApp({ database: { ...database, close: closeForReal } });
    try {
      expect(second.demoAccount).toBeNull();
      // Still there, untouched: the seed never resets a password.
      const login = await second.inject({
        method: 'POST',
        url: '/front/login',
        ...form({ email: DEMO_ACCOUNT.email, password: 'Changed2026pass' }),
      });
      expect(login.json().code).toBe(0);
    } finally {
      await second.close();
    }
  });

  it('is seeded once, across restarts on the same database', async () => {
    const database = await createTestDatabase();
    const closeForReal = database.close;
    // Keep the database open across the first app's close, as a restart would find it.
    const first = await buildTestApp({ database: { ...database, close: async () => {} } });
    const [before] = await demoRows(first);
    await first.close();
    const second = await buildTestApp({ database: { ...database, close: closeForReal } });
    try {
      const rows = await demoRows(second);
      expect(rows).toHaveLength(1);
      expect(rows[0]?.id).toBe(before?.id);
      expect(rows[0]?.passwordHash).toBe(before?.passwordHash);
    } finally {
      await second.close();
    }
  });
});
