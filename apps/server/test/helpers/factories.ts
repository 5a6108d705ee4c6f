import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { hashPassword } from '../../src/lib/passwords';
import { postFundRecord } from '../../src/modules/ledger/post-fund-record';
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

/**
 * A balance as it would be after some history, written through the ledger (a deposit into
 * available, a withdrawal's freeze into frozen), so every test database stays verifiable.
 */
export async function setBalance(
  app: FastifyInstance,
  values: { merchantId: number; coinName: string; available?: string; frozen?: string },
) {
  const moves = [
    { bucket: 'available', type: 'deposit', change: values.available },
    { bucket: 'frozen', type: 'withdraw', change: values.frozen },
  ] as const;
  for (const { bucket, type, change } of moves) {
    if (change === undefined) continue;
    await app.db.transaction((tx) =>
      postFundRecord(tx, {
        merchantId: values.merchantId,
        currency: values.coinName,
        type,
        bucket,
        change,
        amount: change,
        fee: '0',
        orderNo: null,
        txHash: null,
        address: null,
        network: null,
        // A deposit credited; a withdrawal's freeze (not counted in the bill until it completes).
        status: type === 'withdraw' ? 'frozen' : 'completed',
        now: app.now(),
      }),
    );
  }
}

export function form(fields: Record<string, string>) {
  return {
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  };
}
