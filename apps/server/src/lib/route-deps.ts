import type { FastifyInstance } from 'fastify';
import type { ServiceDeps } from '../types';

/** What route modules hand their services, and the per-IP limit of the sensitive calls. */
export function serviceDeps(app: FastifyInstance): ServiceDeps {
  return {
    db: app.db,
    now: app.now,
    jobs: { wake: () => app.jobs.wake() },
    secrets: app.secrets,
    chains: app.chains,
  };
}

/**
 * Per IP, against guessing and mail flooding: logins, code sending and checking, password and
 * Google changes. LOGIN_RATE_LIMIT requests a minute (default 30) for each such call.
 */
export function perIpLimit(app: FastifyInstance) {
  return { config: { rateLimit: { max: app.config.loginRateLimit, timeWindow: 60_000 } } };
}
