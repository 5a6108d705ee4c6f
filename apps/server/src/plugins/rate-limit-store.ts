import { createRequire } from 'node:module';
import type {
  FastifyRateLimitOptions,
  FastifyRateLimitStore,
  FastifyRateLimitStoreCtor,
} from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';

/**
 * The rate-limit counters of several nodes, shared in Redis through @fastify/rate-limit's own
 * Redis store. When Redis does not answer, a login limiter must pick: fail closed (nobody can
 * log in while a cache is down) or fail open (no per-IP limit at all, so one IP may try a
 * password on every account). Neither: the call is counted in this node's memory instead, as
 * without REDIS_URL, so the limit is at worst the per-node one times the number of nodes.
 * The account lockouts and code limits live in PostgreSQL and hold throughout.
 */
type Callback = Parameters<FastifyRateLimitStore['incr']>[1];
type RouteParams = Parameters<FastifyRateLimitStore['child']>[0];

// The plugin's two stores, which its package does not export by name (no "exports" map).
const require = createRequire(import.meta.url);
const RedisStore = require('@fastify/rate-limit/store/RedisStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  redis: Redis,
  key: string,
) => FastifyRateLimitStore;
const LocalStore = require('@fastify/rate-limit/store/LocalStore.js') as new (
  continueExceeding: boolean,
  exponentialBackoff: boolean,
  cache?: number,
) => FastifyRateLimitStore;

/** The plugin's two stores also read a count without counting (the type leaves it out). */
type Readable = FastifyRateLimitStore & {
  read(key: string, callback: Callback, timeWindow: number, max: number): void;
};

interface Outage {
  isFallingBack: boolean;
  log: FastifyBaseLogger;
}

class SharedStoreWithFallback implements FastifyRateLimitStore {
  constructor(
    private readonly shared: FastifyRateLimitStore,
    private readonly local: FastifyRateLimitStore,
    private readonly outage: Outage,
  ) {}

  incr(key: string, callback: Callback, timeWindow: number, max: number): void {
    this.shared.incr(
      key,
      (error, result) => {
        if (!error) {
          if (this.outage.isFallingBack) this.outage.log.info('rate limits are counted in Redis again');
          this.outage.isFallingBack = false;
          callback(null, result);
          return;
        }
        if (!this.outage.isFallingBack) {
          this.outage.log.error({ err: error }, 'Redis did not answer; rate limits count per node meanwhile');
        }
        this.outage.isFallingBack = true;
        this.local.incr(key, callback, timeWindow, max);
      },
      timeWindow,
      max,
    );
  }

  /** The count without counting (`{ increment: false }`), from this node's memory while Redis is out. */
  read(key: string, callback: Callback, timeWindow: number, max: number): void {
    const local = () => (this.local as Readable).read(key, callback, timeWindow, max);
    if (this.outage.isFallingBack) {
      local();
      return;
    }
    (this.shared as Readable).read(
      key,
      (error, result) => (error ? local() : callback(null, result)),
      timeWindow,
      max,
    );
  }

  child(routeParams: RouteParams): FastifyRateLimitStore {
    return new SharedStoreWithFallback(
      this.shared.child(routeParams),
      this.local.child(routeParams),
      this.outage,
    );
  }
}

/** The `store` option of @fastify/rate-limit: counters in Redis under `namespace`. */
export function createSharedStore(
  redis: Redis,
  namespace: string,
  log: FastifyBaseLogger,
): FastifyRateLimitStoreCtor {
  const outage: Outage = { isFallingBack: false, log };
  // Only the root store is built from here; every route's is its child(), which reads the
  // route's own continueExceeding / exponentialBackoff (neither is used: plain fixed windows).
  return class extends SharedStoreWithFallback {
    constructor(_params: FastifyRateLimitOptions) {
      super(new RedisStore(false, false, redis, namespace), new LocalStore(false, false), outage);
    }
  };
}
