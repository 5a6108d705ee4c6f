import type { Language } from '@tollgate/contracts';
import type { ChainRegistry } from './chains/chain-registry';
import type { Config } from './config';
import type { Database } from './db/client';
import type { JobWorker } from './jobs/worker';
import type { SecretBox } from './lib/secret-box';
import type { SessionMerchant } from './modules/auth/session.repository';
import type { TelegramDeps } from './modules/telegram/telegram.service';
import type { CollectionWatcher } from './modules/watcher/start-watcher';

/** What an authenticated request carries (set by modules/auth/authenticate.ts). */
export interface AuthSession {
  sessionId: number;
  merchantId: number;
  /**
   * The merchant as read with the session, in the same query: for answering about the
   * merchant (GET /merchant/info), never for a decision that needs the current row.
   */
  merchant: SessionMerchant;
}

/** The injectable clock: tests move time forward to expire sessions, codes and lockouts. */
export type Clock = () => Date;

/**
 * What services are handed: the database, the clock, the job worker to wake after enqueueing,
 * and the box that seals and opens secrets at rest.
 */
export interface ServiceDeps {
  db: Database;
  now: Clock;
  jobs: Pick<JobWorker, 'wake'>;
  secrets: SecretBox;
  /** The chain adapters of the chain mode (chains/chain-registry.ts). */
  chains: ChainRegistry;
}

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Database;
    now: Clock;
    /** Seals and opens secrets at rest, under SECRET_KEY (or DATA_DIR/secret.key). */
    secrets: SecretBox;
    /** The chains: get(chainId) → adapter of an enabled chain, enabled(), mode, devnet controls. */
    chains: ChainRegistry;
    /** Runs queued jobs (mails); tests `drain()` it before reading the outbox. */
    jobs: JobWorker;
    /** Watches the chains for payments to orders and expires them; tests `tick()` it. */
    watcher: CollectionWatcher;
    /** Telegram alerts: the bot (null without TELEGRAM_BOT_TOKEN) and the database (modules/telegram). */
    telegram: TelegramDeps;
    /** The demo login printed at start, while the demo merchant exists with its demo password. */
    demoAccount: { email: string; password: string } | null;
    /** The demo operator login (the /ops console), printed beside it on the same terms. */
    demoOperator: { email: string; password: string } | null;
  }
  interface FastifyRequest {
    /** Decided once per request (plugins/request-context.ts). */
    lang: Language;
    session: AuthSession | null;
  }
}
