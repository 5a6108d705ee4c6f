import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXPORT_DIRECT_MAX_ROWS, EXPORT_RATE_LIMIT, RECORDS_WINDOW } from '@tollgate/contracts';
import { z } from 'zod';
import {
  CHAIN_ENV,
  CHAIN_RULES,
  type ChainSettings,
  chainSettings,
  missingChainSettings,
} from './chains/chain-config';
import { parseSecretKey, SECRET_KEY_REQUIRED, SECRET_KEY_RULE } from './lib/secret-key';
import { parseTrustProxy, TRUST_PROXY_TRUE_REFUSED, type TrustProxy } from './lib/trust-proxy';

/**
 * The environment, parsed once at start. `loadConfig` is pure given its `paths`: tests pass
 * them; the server lets `defaultConfigPaths` find them. A bad value throws a ConfigError that
 * lists one line per bad variable; server.ts prints those lines and exits 1.
 */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: the embedded PGlite database under `dataDir/pglite`. */
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Whether to create the demo merchant: SEED_DEMO=1 yes, 0 no, unset only on the embedded database. */
  seedDemo: boolean;
  nodeEnv: 'development' | 'production' | 'test';
  webDistDir: string;
  /** The built hosted cashier (apps/cashier/dist), served at /pay/. */
  cashierDistDir: string;
  /** Logins per minute per IP (POST /front/login). */
  loginRateLimit: number;
  /** Signed merchant API requests per minute per application (API_RATE_LIMIT, default 1200). */
  apiRateLimit: number;
  /**
   * Which X-Forwarded-For entries our own proxies wrote (lib/trust-proxy): false (the default:
   * the client is the socket's peer), a hop count, or the proxies' IPs/CIDRs. Behind a reverse
   * proxy it must be set, or every per-IP rule (lockouts, code limits, login history) sees the
   * proxy's address.
   */
  trustProxy: TrustProxy;
  /** Unset: rate limits are counted per process; set: shared by every node through this Redis. */
  redisUrl: string | undefined;
  /** Prepended to every Redis key, so that several deployments can share one Redis. */
  redisKeyPrefix: string;
  /**
   * SECRET_KEY: the 32-byte key sealing secrets at rest (lib/secret-box). Required with
   * DATABASE_URL; unset on the embedded database, DATA_DIR/secret.key is used (lib/secret-key).
   */
  secretKey: Buffer | undefined;
  /**
   * The waits between callback attempts, in ms: CALLBACK_RETRY_DELAYS (comma-separated
   * seconds, for tests), else 15 s, 1 m, 5 m, 15 m, 1 h, 3 h, 6 h, 12 h, 24 h. After the last
   * wait comes the last attempt.
   */
  callbackRetryDelaysMs: number[];
  /** ALLOW_PRIVATE_CALLBACKS=1: callbacks may reach private and loopback addresses (never in production). */
  allowPrivateCallbacks: boolean;
  /**
   * CALLBACK_LOG_RETENTION_DAYS: callback events with nothing left to send (delivered, given up,
   * skipped) and their delivery logs are purged this many days after they ended (default 90;
   * jobs/purge-callback-log.ts).
   */
  callbackLogRetentionDays: number;
  /** TELEGRAM_BOT_TOKEN: the bot sending alerts (modules/telegram); unset: alerts are off. */
  telegramBotToken: string | undefined;
  /** TELEGRAM_API_URL: the Bot API's base URL (https://api.telegram.org; tests: a local fake). */
  telegramApiUrl: string;
  /** TELEGRAM_WEBHOOK=1: Telegram posts updates to PUBLIC_URL/telegram/webhook; else one node long-polls. */
  telegramWebhook: boolean;
  /**
   * EXPORT_DIRECT_MAX_ROWS: an export of up to this many rows is answered as the file itself;
   * more become a job (default 100,000; tests and the e2e server set a few rows).
   */
  exportDirectMaxRows: number;
  /** EXPORT_RATE_LIMIT: POST /front/export calls per merchant per minute (default 10). */
  exportRateLimit: number;
  /**
   * RECORDS_WINDOW: the record lists page through their first this many rows and count no
   * further (default 10,000; tests set a few).
   */
  recordsWindow: number;
  /**
   * WATCHER_LEASE_MS: how long a node's claim to scan a chain lasts (modules/watcher/chain-lease.ts;
   * default 30 s). The holder renews it every pass; when it stops, another node takes the chain
   * over once it runs out. At least 1 s; a live chain's pass runs at least every third of it
   * (modules/watcher/start-watcher.ts livePollMs).
   */
  watcherLeaseMs: number;
  /** CHAIN_MODE, DEVNET_BLOCK_MS, CONFIRMATIONS_*, RPC_URL_*, WALLET_MNEMONIC (chains/chain-config.ts). */
  chains: ChainSettings;
}

/** Seconds: 15 s, 1 m, 5 m, 15 m, 1 h, 3 h, 6 h, 12 h, 24 h. */
export const CALLBACK_RETRY_DELAYS_S = [15, 60, 300, 900, 3600, 10800, 21600, 43200, 86400];

/** Days a finished callback event and its delivery log are kept (CALLBACK_LOG_RETENTION_DAYS). */
export const CALLBACK_LOG_RETENTION_DAYS = 90;

/** How long a node's scan lease on a chain lasts unless renewed (WATCHER_LEASE_MS). */
export const WATCHER_LEASE_MS = 30_000;

export interface ConfigPaths {
  /** Where relative DATA_DIR / WEB_DIST_DIR values are resolved: the directory the user ran npm from. */
  cwd: string;
  /** The monorepo root (package.json with workspaces), home of the default ./data; null when deployed alone. */
  repoRoot: string | null;
  /** apps/server, whether running from src/ or dist/. */
  serverDir: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid configuration: ${problems.join('; ')}`);
  }
}

const hasProtocol = (protocols: string[]) => (value: string) => {
  try {
    return protocols.includes(new URL(value).protocol);
  } catch {
    return false;
  }
};
const wholeNumber = (min: number, max: number) =>
  z
    .string()
    .regex(/^\d{1,7}$/)
    .transform(Number)
    .refine((n) => n >= min && n <= max);

const envSchema = z.object({
  PORT: wholeNumber(1, 65535).optional(),
  HOST: z.string().optional(),
  DATA_DIR: z.string().optional(),
  DATABASE_URL: z
    .string()
    .refine(hasProtocol(['postgres:', 'postgresql:']))
    .optional(),
  PUBLIC_URL: z
    .string()
    .refine(hasProtocol(['http:', 'https:']))
    .optional(),
  SMTP_URL: z
    .string()
    .refine(hasProtocol(['smtp:', 'smtps:']))
    .optional(),
  MAIL_FROM: z
    .string()
    .regex(/^[^<>@\s]+@[^<>@\s]+$|^[^<>]*<[^<>@\s]+@[^<>@\s]+>$/)
    .optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).optional(),
  SEED_DEMO: z.enum(['0', '1']).optional(),
  NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
  WEB_DIST_DIR: z.string().optional(),
  CASHIER_DIST_DIR: z.string().optional(),
  LOGIN_RATE_LIMIT: wholeNumber(1, 100000).optional(),
  API_RATE_LIMIT: wholeNumber(1, 1000000).optional(),
  TRUST_PROXY: z
    .string()
    .transform((value, ctx) => {
      const setting = parseTrustProxy(value);
      if (setting === null) ctx.addIssue({ code: 'custom' });
      return setting ?? false;
    })
    .optional(),
  REDIS_URL: z
    .string()
    .refine(hasProtocol(['redis:', 'rediss:']))
    .optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/)
    .optional(),
  SECRET_KEY: z
    .string()
    .transform((value, ctx) => {
      const key = parseSecretKey(value);
      if (key === null) ctx.addIssue({ code: 'custom' });
      return key ?? Buffer.alloc(0);
    })
    .optional(),
  CALLBACK_RETRY_DELAYS: z
    .string()
    .regex(/^\d{1,6}( *, *\d{1,6}){0,19}$/)
    .transform((value) => value.split(',').map((seconds) => Number(seconds.trim()) * 1000))
    .optional(),
  ALLOW_PRIVATE_CALLBACKS: z.enum(['0', '1']).optional(),
  CALLBACK_LOG_RETENTION_DAYS: wholeNumber(1, 36500).optional(),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[A-Za-z0-9_-]{20,100}$/)
    .optional(),
  TELEGRAM_API_URL: z
    .string()
    .refine(hasProtocol(['http:', 'https:']))
    .optional(),
  TELEGRAM_WEBHOOK: z.enum(['0', '1']).optional(),
  EXPORT_DIRECT_MAX_ROWS: wholeNumber(0, 1000000).optional(),
  EXPORT_RATE_LIMIT: wholeNumber(1, 100000).optional(),
  RECORDS_WINDOW: wholeNumber(1, 1000000).optional(),
  WATCHER_LEASE_MS: wholeNumber(1000, 3600000).optional(),
  ...CHAIN_ENV,
});

/** Rules across variables. */
const checkedEnvSchema = envSchema.superRefine((env, ctx) => {
  // Every node of a PostgreSQL deployment must open what another sealed: no generated key there.
  // (A DATABASE_URL that is wrong itself is reported alone.)
  const isServer =
    env.DATABASE_URL !== undefined && hasProtocol(['postgres:', 'postgresql:'])(env.DATABASE_URL);
  if (isServer && !env.SECRET_KEY) ctx.addIssue({ code: 'custom', path: ['SECRET_KEY'] });
  // Live chains need the wallet's own mnemonic: a generated one would hold real money.
  for (const name of missingChainSettings(env)) ctx.addIssue({ code: 'custom', path: [name] });
});
type EnvName = keyof typeof envSchema.shape;

/**
 * What each variable must be; secrets (URLs may hold passwords) are never echoed back. A value
 * that is refused for a reason of its own is `explain`ed instead.
 */
const RULES: Record<
  EnvName,
  { rule: string; secret?: boolean; explain?: (value: string) => string | undefined }
> = {
  PORT: { rule: 'must be a whole number from 1 to 65535' },
  HOST: { rule: 'must be a host name or IP address' },
  DATA_DIR: { rule: 'must be a directory path' },
  DATABASE_URL: { rule: 'must be a postgres:// or postgresql:// URL', secret: true },
  PUBLIC_URL: { rule: 'must be an http:// or https:// URL' },
  SMTP_URL: { rule: 'must be an smtp:// or smtps:// URL', secret: true },
  MAIL_FROM: { rule: 'must be an address like "Tollgate <no-reply@example.com>"' },
  LOG_LEVEL: { rule: `must be one of ${LOG_LEVELS.join(', ')}` },
  SEED_DEMO: { rule: 'must be 0 or 1' },
  NODE_ENV: { rule: 'must be development, production or test' },
  WEB_DIST_DIR: { rule: 'must be a directory path' },
  CASHIER_DIST_DIR: { rule: 'must be a directory path' },
  LOGIN_RATE_LIMIT: { rule: 'must be a whole number from 1 to 100000' },
  API_RATE_LIMIT: { rule: 'must be a whole number from 1 to 1000000' },
  TRUST_PROXY: {
    rule: 'must be false, the number of proxies in front (1) or a comma-separated list of their IPs/CIDRs',
    explain: (value) => (value.toLowerCase() === 'true' ? TRUST_PROXY_TRUE_REFUSED : undefined),
  },
  REDIS_URL: { rule: 'must be a redis:// or rediss:// URL', secret: true },
  TELEGRAM_BOT_TOKEN: { rule: 'must be a bot token from @BotFather (123456:ABC-DEF…)', secret: true },
  TELEGRAM_API_URL: { rule: 'must be an http:// or https:// URL' },
  TELEGRAM_WEBHOOK: { rule: 'must be 0 or 1' },
  REDIS_KEY_PREFIX: { rule: 'must be 1 to 64 letters, digits or _ : . -' },
  SECRET_KEY: {
    rule: SECRET_KEY_RULE,
    secret: true,
    explain: (value) => (value === '' ? SECRET_KEY_REQUIRED : undefined),
  },
  CALLBACK_RETRY_DELAYS: { rule: 'must be 1 to 20 comma-separated whole numbers of seconds (15,60,300)' },
  ALLOW_PRIVATE_CALLBACKS: { rule: 'must be 0 or 1' },
  CALLBACK_LOG_RETENTION_DAYS: { rule: 'must be a whole number of days from 1 to 36500' },
  EXPORT_DIRECT_MAX_ROWS: { rule: 'must be a whole number from 0 to 1000000' },
  EXPORT_RATE_LIMIT: { rule: 'must be a whole number from 1 to 100000' },
  RECORDS_WINDOW: { rule: 'must be a whole number from 1 to 1000000' },
  WATCHER_LEASE_MS: { rule: 'must be a whole number of milliseconds from 1000 to 3600000' },
  ...CHAIN_RULES,
};

export function loadConfig(env: Record<string, string | undefined>, paths = defaultConfigPaths(env)): Config {
  // Blank values (FOO= in a compose file) mean "unset", not "invalid".
  const raw = Object.fromEntries(
    Object.keys(envSchema.shape).map((name) => [name, env[name]?.trim() ? env[name]?.trim() : undefined]),
  );
  const parsed = checkedEnvSchema.safeParse(raw);
  if (!parsed.success) {
    const names = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0]) as EnvName))];
    throw new ConfigError(
      names.map((name) => {
        const { rule, secret, explain } = RULES[name];
        const explained = explain?.(raw[name] ?? '');
        if (explained) return explained;
        return secret ? `${name} ${rule}` : `${name} ${rule} (got "${raw[name]}")`;
      }),
    );
  }
  const e = parsed.data;
  const port = e.PORT ?? 8080;
  return {
    port,
    host: e.HOST ?? '127.0.0.1',
    dataDir: e.DATA_DIR ? resolve(paths.cwd, e.DATA_DIR) : join(paths.repoRoot ?? paths.cwd, 'data'),
    databaseUrl: e.DATABASE_URL,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/+$/, ''),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Tollgate <no-reply@tollgate.local>',
    logLevel: e.LOG_LEVEL ?? 'info',
    seedDemo: e.SEED_DEMO === undefined ? e.DATABASE_URL === undefined : e.SEED_DEMO === '1',
    // Safe by default: development conveniences (the mail outbox page) need NODE_ENV=development.
    nodeEnv: e.NODE_ENV ?? 'production',
    webDistDir: e.WEB_DIST_DIR ? resolve(paths.cwd, e.WEB_DIST_DIR) : resolve(paths.serverDir, '../web/dist'),
    cashierDistDir: e.CASHIER_DIST_DIR
      ? resolve(paths.cwd, e.CASHIER_DIST_DIR)
      : resolve(paths.serverDir, '../cashier/dist'),
    loginRateLimit: e.LOGIN_RATE_LIMIT ?? 30,
    apiRateLimit: e.API_RATE_LIMIT ?? 1200,
    trustProxy: e.TRUST_PROXY ?? false,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX ?? 'tollgate:',
    secretKey: e.SECRET_KEY,
    callbackRetryDelaysMs:
      e.CALLBACK_RETRY_DELAYS ?? CALLBACK_RETRY_DELAYS_S.map((seconds) => seconds * 1000),
    allowPrivateCallbacks: e.ALLOW_PRIVATE_CALLBACKS === '1',
    callbackLogRetentionDays: e.CALLBACK_LOG_RETENTION_DAYS ?? CALLBACK_LOG_RETENTION_DAYS,
    telegramBotToken: e.TELEGRAM_BOT_TOKEN,
    telegramApiUrl: (e.TELEGRAM_API_URL ?? 'https://api.telegram.org').replace(/\/+$/, ''),
    telegramWebhook: e.TELEGRAM_WEBHOOK === '1',
    exportDirectMaxRows: e.EXPORT_DIRECT_MAX_ROWS ?? EXPORT_DIRECT_MAX_ROWS,
    exportRateLimit: e.EXPORT_RATE_LIMIT ?? EXPORT_RATE_LIMIT,
    recordsWindow: e.RECORDS_WINDOW ?? RECORDS_WINDOW,
    watcherLeaseMs: e.WATCHER_LEASE_MS ?? WATCHER_LEASE_MS,
    chains: chainSettings(e),
  };
}

/**
 * `npm start` runs the server through a workspace script whose cwd is apps/server, so the
 * default data directory is `./data` at the repo root, not under the cwd. Relative values the
 * user sets are resolved against INIT_CWD (where they typed the npm command), else the cwd.
 */
export function defaultConfigPaths(env: Record<string, string | undefined>): ConfigPaths {
  // Both src/config.ts and dist/server.js sit one level below apps/server.
  const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');
  return { cwd: env.INIT_CWD || process.cwd(), repoRoot: findRepoRoot(serverDir), serverDir };
}

export function findRepoRoot(start: string): string | null {
  for (let dir = start; ; dir = dirname(dir)) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        if (JSON.parse(readFileSync(manifest, 'utf8')).workspaces) return dir;
      } catch {
        // An unreadable package.json is not the root; keep walking.
      }
    }
    if (dirname(dir) === dir) return null;
  }
}
