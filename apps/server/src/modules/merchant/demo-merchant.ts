import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { hashPassword, verifyPassword } from '../../lib/passwords';
import type { Clock } from '../../types';
import { findMerchantByEmail, insertMerchant } from './merchant.repository';

/**
 * A merchant to log in with on a fresh install. It gets no balances and no history: the
 * back office shows it exactly as a new real merchant, except that its withdrawals up to 1,000
 * USDT are approved without an operator. Seeded by default with the embedded
 * database (a local try-out), on a PostgreSQL server only with SEED_DEMO=1, never with 0.
 */
export const DEMO_ACCOUNT = { email: 'demo@tollgate.dev', password: 'Tollgate2026' } as const;

/** Withdrawals up to this many USDT skip review on the demo merchant (0 on every other). */
export const DEMO_AUTO_APPROVE_USDT = '1000';

export function shouldSeedDemo(config: Pick<Config, 'seedDemo'>): boolean {
  return config.seedDemo;
}

/** Idempotent: an existing demo merchant (and any password it was given since) is left alone. */
export async function ensureDemoMerchant(db: Executor, now: Clock): Promise<void> {
  if (await findMerchantByEmail(db, DEMO_ACCOUNT.email)) return;
  await insertMerchant(db, {
    email: DEMO_ACCOUNT.email,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    // Small withdrawals complete without an operator, so a newcomer sees the whole flow.
    autoApproveUsdt: DEMO_AUTO_APPROVE_USDT,
    createdAt: now(),
  });
}

/**
 * Whether the demo login printed at start would actually work: once its password was changed
 * (or the account disabled), printing the old one would only mislead, and the new one is secret.
 */
export async function demoLoginWorks(db: Executor): Promise<boolean> {
  const merchant = await findMerchantByEmail(db, DEMO_ACCOUNT.email);
  if (!merchant?.passwordHash || merchant.status !== 'active') return false;
  return verifyPassword(merchant.passwordHash, DEMO_ACCOUNT.password);
}
