import { describe, expect, it } from 'vitest';
import { DEFAULT_SWEEP_MINIMUMS } from './chains/chain-config';
import { ConfigError, loadConfig } from './config';

const paths = { cwd: '/srv/app/apps/server', repoRoot: '/srv/app', serverDir: '/srv/app/apps/server' };
/** A valid SECRET_KEY: 32 bytes in base64. */
const KEY = Buffer.alloc(32, 7).toString('base64');

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env, paths);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  throw new Error('expected a ConfigError');
}

describe('loadConfig', () => {
  it('applies the defaults', () => {
    expect(loadConfig({}, paths)).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataDir: '/srv/app/data',
      databaseUrl: undefined,
      publicUrl: 'http://localhost:8080',
      smtpUrl: undefined,
      mailFrom: 'Tollgate <no-reply@tollgate.local>',
      logLevel: 'info',
      seedDemo: true,
      nodeEnv: 'production',
      webDistDir: '/srv/app/apps/web/dist',
      cashierDistDir: '/srv/app/apps/cashier/dist',
      secretKey: undefined,
      loginRateLimit: 30,
      apiRateLimit: 1200,
      trustProxy: false,
      redisUrl: undefined,
      redisKeyPrefix: 'tollgate:',
      callbackRetryDelaysMs: [15, 60, 300, 900, 3600, 10800, 21600, 43200, 86400].map((s) => s * 1000),
      allowPrivateCallbacks: false,
      callbackLogRetentionDays: 90,
      telegramBotToken: undefined,
      telegramApiUrl: 'https://api.telegram.org',
      telegramWebhook: false,
      exportDirectMaxRows: 100_000,
      exportRateLimit: 10,
      recordsWindow: 10_000,
      watcherLeaseMs: 30_000,
      chains: {
        mode: 'devnet',
        devnetBlockMs: 3000,
        confirmations: { ETH: 3, TRON: 3, BSC: 3, POLYGON: 3, DOGE: 3 },
        rpcUrls: { ETH: undefined, TRON: undefined, BSC: undefined, POLYGON: undefined, DOGE: undefined },
        walletMnemonic: undefined,
        sendStuckBlocks: 12,
        startBlocks: { ETH: undefined, BSC: undefined, POLYGON: undefined, DOGE: undefined },
        dogeNetwork: 'mainnet',
        evmChainIds: { ETH: 1, BSC: 56, POLYGON: 137 },
        tokenContracts: {},
        sweepMinimums: DEFAULT_SWEEP_MINIMUMS,
        sweepIntervalMs: 600_000,
        reconcileIntervalMs: 600_000,
      },
    });
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '9000',
        HOST: '0.0.0.0',
        DATA_DIR: 'var/tollgate',
        DATABASE_URL: 'postgresql://u:p@db:5432/tollgate',
        SECRET_KEY: KEY,
        PUBLIC_URL: 'https://pay.example.com/',
        SMTP_URL: 'smtps://user:pass@mail.example.com:465',
        MAIL_FROM: 'Pay <pay@example.com>',
        LOG_LEVEL: 'debug',
        SEED_DEMO: '1',
        NODE_ENV: 'production',
        WEB_DIST_DIR: '/opt/web',
        LOGIN_RATE_LIMIT: '5',
        API_RATE_LIMIT: '50',
        TRUST_PROXY: '10.0.0.0/8,127.0.0.1',
        TELEGRAM_BOT_TOKEN: `123456:${'A'.repeat(35)}`,
        TELEGRAM_API_URL: 'http://127.0.0.1:8081/',
        TELEGRAM_WEBHOOK: '1',
      },
      paths,
    );
    expect(config).toMatchObject({
      port: 9000,
      host: '0.0.0.0',
      dataDir: '/srv/app/apps/server/var/tollgate',
      databaseUrl: 'postgresql://u:p@db:5432/tollgate',
      publicUrl: 'https://pay.example.com',
      smtpUrl: 'smtps://user:pass@mail.example.com:465',
      mailFrom: 'Pay <pay@example.com>',
      logLevel: 'debug',
      seedDemo: true,
      nodeEnv: 'production',
      webDistDir: '/opt/web',
      loginRateLimit: 5,
      apiRateLimit: 50,
      trustProxy: { proxies: ['10.0.0.0/8', '127.0.0.1'] },
      telegramBotToken: `123456:${'A'.repeat(35)}`,
      telegramApiUrl: 'http://127.0.0.1:8081',
      telegramWebhook: true,
    });
  });

  it('refuses a Telegram token that is not a bot token, without printing it', () => {
    const error = (() => {
      try {
        loadConfig({ TELEGRAM_BOT_TOKEN: 'not-a-token-secret-value' }, paths);
      } catch (thrown) {
        return thrown as Error;
      }
      throw new Error('expected a ConfigError');
    })();
    expect(error.message).toContain('TELEGRAM_BOT_TOKEN');
    expect(error.message).not.toContain('not-a-token-secret-value');
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy IPs/CIDRs', () => {
    const trustProxy = (value: string) => loadConfig({ TRUST_PROXY: value }, paths).trustProxy;
    expect(trustProxy('false')).toBe(false);
    expect(trustProxy('0')).toBe(false);
    expect(trustProxy('1')).toEqual({ hops: 1 });
    expect(trustProxy('2')).toEqual({ hops: 2 });
    expect(trustProxy('10.0.0.1')).toEqual({ proxies: ['10.0.0.1'] });
    expect(trustProxy('10.0.0.0/24, 10.1.0.0/16,::1,fd00::/8')).toEqual({
      proxies: ['10.0.0.0/24', '10.1.0.0/16', '::1', 'fd00::/8'],
    });
  });

  it('refuses TRUST_PROXY=true, saying why', () => {
    const why =
      'TRUST_PROXY=true would trust any X-Forwarded-For a client writes; set the number of proxies in front (1) or their IPs/CIDRs';
    expect(problemsOf({ TRUST_PROXY: 'true' })).toEqual([why]);
    expect(problemsOf({ TRUST_PROXY: 'TRUE' })).toEqual([why]);
  });

  it.each([
    'everyone please',
    '10.0.0.0/33',
    '300.1.1.1',
    '10.0.0.1,',
    '::1/129',
    '21',
    '-1',
    '1.5',
    'loopback',
  ])('refuses TRUST_PROXY=%s', (value) => {
    expect(problemsOf({ TRUST_PROXY: value })).toEqual([
      `TRUST_PROXY must be false, the number of proxies in front (1) or a comma-separated list of their IPs/CIDRs (got "${value}")`,
    ]);
  });

  it('reads REDIS_URL (redis:// or rediss://) and REDIS_KEY_PREFIX, never echoing the URL', () => {
    const config = loadConfig({ REDIS_URL: 'rediss://:pw@cache:6380/2', REDIS_KEY_PREFIX: 'pay-eu:' }, paths);
    expect(config).toMatchObject({ redisUrl: 'rediss://:pw@cache:6380/2', redisKeyPrefix: 'pay-eu:' });
    expect(loadConfig({ REDIS_URL: 'redis://127.0.0.1:6379' }, paths).redisUrl).toBe(
      'redis://127.0.0.1:6379',
    );
    expect(problemsOf({ REDIS_URL: 'http://:hunter2@cache:6379', REDIS_KEY_PREFIX: 'a b' })).toEqual([
      'REDIS_URL must be a redis:// or rediss:// URL',
      'REDIS_KEY_PREFIX must be 1 to 64 letters, digits or _ : . - (got "a b")',
    ]);
    expect(problemsOf({ REDIS_URL: '127.0.0.1:6379' })).toHaveLength(1);
  });

  it('derives PUBLIC_URL from PORT and treats blank values as unset', () => {
    const config = loadConfig({ PORT: '18080', DATABASE_URL: '  ', SEED_DEMO: '' }, paths);
    expect(config.publicUrl).toBe('http://localhost:18080');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.seedDemo).toBe(true);
  });

  it('seeds the demo merchant by default on the embedded database only; SEED_DEMO overrides', () => {
    const server = { DATABASE_URL: 'postgres://app@db:5432/tollgate', SECRET_KEY: KEY };
    expect(loadConfig({}, paths).seedDemo).toBe(true);
    expect(loadConfig(server, paths).seedDemo).toBe(false);
    expect(loadConfig({ SEED_DEMO: '0' }, paths).seedDemo).toBe(false);
    expect(loadConfig({ ...server, SEED_DEMO: '1' }, paths).seedDemo).toBe(true);
    expect(loadConfig({ ...server, SEED_DEMO: '0' }, paths).seedDemo).toBe(false);
  });

  it('puts the default data directory under the cwd when there is no repo root', () => {
    expect(loadConfig({}, { ...paths, repoRoot: null }).dataDir).toBe('/srv/app/apps/server/data');
  });

  it('reports one line per bad variable', () => {
    expect(problemsOf({ PORT: '0', LOG_LEVEL: 'loud', SEED_DEMO: 'yes' })).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "0")',
      'LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent (got "loud")',
      'SEED_DEMO must be 0 or 1 (got "yes")',
    ]);
    expect(problemsOf({ PORT: '65536' })).toEqual([
      'PORT must be a whole number from 1 to 65535 (got "65536")',
    ]);
    expect(problemsOf({ PORT: '80a' })).toHaveLength(1);
    expect(problemsOf({ PUBLIC_URL: 'localhost:8080' })).toEqual([
      'PUBLIC_URL must be an http:// or https:// URL (got "localhost:8080")',
    ]);
  });

  it('never echoes URLs that may hold passwords', () => {
    const problems = problemsOf({
      DATABASE_URL: 'mysql://root:hunter2@db/x',
      SMTP_URL: 'http://u:hunter2@mail',
    });
    expect(problems).toEqual([
      'DATABASE_URL must be a postgres:// or postgresql:// URL',
      'SMTP_URL must be an smtp:// or smtps:// URL',
    ]);
    expect(problems.join()).not.toContain('hunter2');
  });
});

describe('callbacks', () => {
  it('reads CALLBACK_RETRY_DELAYS as seconds and ALLOW_PRIVATE_CALLBACKS as 0 or 1', () => {
    const config = loadConfig({ CALLBACK_RETRY_DELAYS: '1, 2,30', ALLOW_PRIVATE_CALLBACKS: '1' }, paths);
    expect(config.callbackRetryDelaysMs).toEqual([1000, 2000, 30000]);
    expect(config.allowPrivateCallbacks).toBe(true);
    expect(loadConfig({ ALLOW_PRIVATE_CALLBACKS: '0' }, paths).allowPrivateCallbacks).toBe(false);
    expect(problemsOf({ CALLBACK_RETRY_DELAYS: '15,1m', ALLOW_PRIVATE_CALLBACKS: 'yes' })).toEqual([
      'CALLBACK_RETRY_DELAYS must be 1 to 20 comma-separated whole numbers of seconds (15,60,300) (got "15,1m")',
      'ALLOW_PRIVATE_CALLBACKS must be 0 or 1 (got "yes")',
    ]);
  });

  it('keeps finished callback events 90 days unless CALLBACK_LOG_RETENTION_DAYS says otherwise', () => {
    expect(loadConfig({}, paths).callbackLogRetentionDays).toBe(90);
    expect(loadConfig({ CALLBACK_LOG_RETENTION_DAYS: '7' }, paths).callbackLogRetentionDays).toBe(7);
    for (const value of ['0', '-1', '30d', '1.5']) {
      expect(problemsOf({ CALLBACK_LOG_RETENTION_DAYS: value })).toEqual([
        `CALLBACK_LOG_RETENTION_DAYS must be a whole number of days from 1 to 36500 (got "${value}")`,
      ]);
    }
  });

  it('leases a chain’s scan for 30 s unless WATCHER_LEASE_MS says otherwise', () => {
    expect(loadConfig({}, paths).watcherLeaseMs).toBe(30_000);
    expect(loadConfig({ WATCHER_LEASE_MS: '5000' }, paths).watcherLeaseMs).toBe(5000);
    for (const value of ['999', '3600001', '30s']) {
      expect(problemsOf({ WATCHER_LEASE_MS: value })).toEqual([
        `WATCHER_LEASE_MS must be a whole number of milliseconds from 1000 to 3600000 (got "${value}")`,
      ]);
    }
  });
});

describe('SECRET_KEY', () => {
  it('is read as 32 bytes of base64', () => {
    expect(loadConfig({ SECRET_KEY: KEY }, paths).secretKey).toEqual(Buffer.alloc(32, 7));
    expect(loadConfig({}, paths).secretKey).toBeUndefined();
  });

  it('refuses any other length, without echoing the value', () => {
    for (const bytes of [16, 31, 33]) {
      const value = Buffer.alloc(bytes, 9).toString('base64');
      const problems = problemsOf({ SECRET_KEY: value });
      expect(problems).toEqual([
        'SECRET_KEY must be 32 bytes in base64 (make one with: openssl rand -base64 32)',
      ]);
      expect(problems.join()).not.toContain(value);
    }
    expect(problemsOf({ SECRET_KEY: 'hunter2' })).toHaveLength(1);
  });

  it('must be set with DATABASE_URL, since every node must share it', () => {
    expect(problemsOf({ DATABASE_URL: 'postgres://app@db:5432/tollgate' })).toEqual([
      'SECRET_KEY must be set with DATABASE_URL: every node must share the key that seals secrets at rest (make one with: openssl rand -base64 32)',
    ]);
  });
});
