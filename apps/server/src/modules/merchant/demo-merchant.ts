import type { Config } from '../../config';
import type { Executor } from '../../db/client';
import { hashPassword } from '../../lib/passwords';
import type { Clock } from '../../types';
import { findMerchantByEmail, insertMerchant } from './merchant.repository';

/**
 * A merchant to log in with on a fresh install. It gets no balances and no history: the
 * back office shows it exactly as a new real merchant. Seeded with the embedded database
 * (a local try-out) or on request (SEED_DEMO=1), never silently into a PostgreSQL server.
 */
export const DEMO_ACCOUNT = { email: 'demo@tollgate.dev', password: 'Tollgate2026' } as const;

export function shouldSeedDemo(config: Pick<Config, 'databaseUrl' | 'seedDemo'>): boolean {
  return config.databaseUrl === undefined || config.seedDemo;
}

/** Idempotent: an existing demo merchant (and any password it was given since) is left alone. */
export async function ensureDemoMerchant(db: Executor, now: Clock): Promise<void> {
  if (await findMerchantByEmail(db, DEMO_ACCOUNT.email)) return;
  await insertMerchant(db, {
    email: DEMO_ACCOUNT.email,
    passwordHash: await hashPassword(DEMO_ACCOUNT.password),
    createdAt: now(),
  });
}
