import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { balances } from '../../src/db/schema';
import { hashPassword } from '../../src/lib/passwords';
import { insertMerchant, type NewMerchantRow } from '../../src/modules/merchant/merchant.repository';

/** Rows for tests, built with overrides; each call makes a new, unique merchant. */
export const DEFAULT_PASSWORD = 'Merchant2026';

/** `password: null` makes an account that never set one. */
export async function createMerchant(
  app: FastifyInstance,
  overrides: Partial<Omit<NewMerchantRow, 'passwordHash'>> & { password?: string | null } = {},
) {
  const { password = DEFAULT_PASSWORD, ...columns } = overrides;
  const row = await insertMerchant(app.db, {
    email: `merchant-${randomBytes(6).toString('hex')}@example.com`,
    passwordHash: password === null ? null : await hashPassword(password),
    createdAt: app.now(),
    ...columns,
  });
  if (!row) throw new Error('createMerchant: email already taken');
  return { ...row, password: password ?? '' };
}

/** Logs in through the real call and returns the token. */
export async function logInAs(app: FastifyInstance, merchant: { email: string; password: string }) {
  const response = await app.inject({
    method: 'POST',
    url: '/front/login',
    payload: new URLSearchParams({ email: merchant.email, password: merchant.password }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  const body = response.json();
  if (body.code !== 0) throw new Error(`logInAs: login failed with ${body.code}`);
  return body.data.token as string;
}

/** Writes a balance row as it would be after some history (tests only: no ledger here). */
export async function setBalance(
  app: FastifyInstance,
  values: { merchantId: number; coinName: string; available?: string; frozen?: string },
) {
  await app.db.insert(balances).values({ available: '0', frozen: '0', ...values });
}

export function form(fields: Record<string, string>) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
