import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { StartupError } from './startup-error';

/**
 * The Redis connection of REDIS_URL (shared rate limits between nodes). It must never hold a
 * request up or bring the process down: while Redis is unreachable, commands fail at once
 * (no offline queue) or after COMMAND_TIMEOUT_MS, the caller falls back, and the client keeps
 * reconnecting in the background. An outage is logged once when it starts and once when it ends.
 */
const COMMAND_TIMEOUT_MS = 1_000;
const CONNECT_TIMEOUT_MS = 5_000;
const MAX_RECONNECT_DELAY_MS = 5_000;

/**
 * Connects, or throws a StartupError with the reason: at start an unreachable Redis is most
 * likely a wrong REDIS_URL, best reported while the operator is watching.
 */
export async function connectRedis(url: string, log: FastifyBaseLogger): Promise<Redis> {
  const client = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: COMMAND_TIMEOUT_MS,
    connectTimeout: CONNECT_TIMEOUT_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, MAX_RECONNECT_DELAY_MS),
  });
  let lastError: Error | undefined;
  let isConnected = false;
  let isDown = false;
  // Without an 'error' listener a lost connection would be an uncaught exception.
  client.on('error', (error: Error) => {
    lastError = error;
    // Before the first connection the error is the start failure, thrown below.
    if (isDown || !isConnected) return;
    isDown = true;
    log.error({ err: error }, 'Redis is unreachable; rate limits count per node until it is back');
  });
  client.on('ready', () => {
    isConnected = true;
    if (!isDown) return;
    isDown = false;
    log.info('Redis is reachable again; rate limits are shared again');
  });
  try {
    await client.connect();
  } catch (error) {
    client.disconnect();
    throw new StartupError(`Cannot reach Redis at REDIS_URL: ${(lastError ?? (error as Error)).message}`);
  }
  return client;
}

/** Closes politely when connected, at once otherwise (a QUIT cannot be queued while down). */
export async function closeRedis(client: Redis): Promise<void> {
  try {
    if (client.status === 'ready') {
      await client.quit();
      return;
    }
  } catch {
    // Fall through to the hard disconnect.
  }
  client.disconnect();
}
