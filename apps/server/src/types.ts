import type { Language } from '@tollgate/contracts';
import type { Config } from './config';
import type { Database } from './db/client';

/** What an authenticated request carries (set by modules/auth/authenticate.ts). */
export interface AuthSession {
  sessionId: number;
  merchantId: number;
}

/** The injectable clock: tests move time forward to expire sessions. */
export type Clock = () => Date;

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    now: Clock;
    /** The demo login printed at start, while the demo merchant exists with its demo password. */
    demoAccount: { email: string; password: string } | null;
  }
  interface FastifyRequest {
    /** Decided once per request (plugins/request-context.ts). */
    lang: Language;
    session: AuthSession | null;
  }
}
