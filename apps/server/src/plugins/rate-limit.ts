import rateLimit from '@fastify/rate-limit';
import { ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error';
import { closeRedis, connectRedis } from '../lib/redis';
import { createSharedStore } from './rate-limit-store';

/**
 * Per-IP rate limits (lib/route-deps.ts perIpLimit). Off by default; routes opt in with
 * `config.rateLimit`. Counted in this process's memory, or with REDIS_URL in Redis, so that
 * several nodes behind one balancer share one count per IP instead of each allowing the limit.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  const { redisUrl, redisKeyPrefix } = app.config;
  const store = redisUrl
    ? await connectSharedStore(app, redisUrl, `${redisKeyPrefix}rate-limit:`)
    : undefined;
  await app.register(rateLimit, {
    global: false,
    ...(store ? { store } : {}),
    errorResponseBuilder: () => new AppError(ErrorCode.TOO_MANY_REQUESTS),
  });
}

async function connectSharedStore(app: FastifyInstance, url: string, namespace: string) {
  const redis = await connectRedis(url, app.log);
  app.addHook('onClose', () => closeRedis(redis));
  return createSharedStore(redis, namespace, app.log);
}
