import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { telegramPolling } from '../../db/schema';
import { handleTelegramUpdate, knowBot, type TelegramDeps } from './telegram.service';
import { createTelegramApi, TelegramApiError, type TelegramUpdate } from './telegram-api';

/**
 * How updates reach the bot. With TELEGRAM_WEBHOOK=1, Telegram posts them to
 * `${PUBLIC_URL}/telegram/webhook` with a secret header (set at start with setWebhook; PUBLIC_URL
 * must be https for Telegram). Otherwise one node long-polls getUpdates: the node holding the
 * lease in telegram_polling (renewed every round, taken over a minute after its holder stops),
 * so several nodes never poll at once (Telegram answers 409 to a second poller), and the next
 * update id is kept in the database, so a restart neither loses nor repeats updates.
 */
const POLL_TIMEOUT_S = 25;
const LEASE_MS = 60_000;
const IDLE_RETRY_MS = 30_000;
const MAX_BACKOFF_MS = 60_000;

export function createTelegramDeps(app: FastifyInstance): TelegramDeps {
  const { telegramBotToken: token, telegramApiUrl: baseUrl } = app.config;
  return {
    db: app.db,
    now: app.now,
    bot: token ? { api: createTelegramApi({ baseUrl, token }), username: null, id: null } : null,
  };
}

/** The webhook's secret header: derived from the token, so every node knows it. */
export function webhookSecret(token: string): string {
  return createHmac('sha256', token).update('tollgate telegram webhook').digest('hex');
}

export function startTelegramBot(app: FastifyInstance, deps: TelegramDeps): void {
  const bot = deps.bot;
  if (!bot) {
    app.log.info('Telegram alerts are off: TELEGRAM_BOT_TOKEN is not set');
    return;
  }
  const stop = new AbortController();
  let loop: Promise<void> = Promise.resolve();
  app.addHook('onReady', async () => {
    if (app.config.telegramWebhook) {
      const url = `${app.config.publicUrl}/telegram/webhook`;
      void bot.api.setWebhook(url, webhookSecret(app.config.telegramBotToken ?? '')).then(
        () => app.log.info({ url }, 'Telegram webhook set'),
        (error: Error) => app.log.error({ err: error.message }, 'Telegram setWebhook failed'),
      );
      return;
    }
    loop = pollForever(app, deps, stop.signal);
  });
  app.addHook('onClose', async () => {
    stop.abort();
    await loop;
  });
}

async function pollForever(app: FastifyInstance, deps: TelegramDeps, signal: AbortSignal): Promise<void> {
  const bot = deps.bot;
  if (!bot) return;
  const node = randomBytes(8).toString('hex');
  let backoffMs = 1000;
  let webhookCleared = false;
  while (!signal.aborted) {
    try {
      const { id: botId, username } = await knowBot(bot);
      if (!webhookCleared) {
        // getUpdates is refused while a webhook is set (an earlier TELEGRAM_WEBHOOK=1 run).
        await bot.api.deleteWebhook();
        webhookCleared = true;
        app.log.info({ bot: username }, 'Telegram bot polling for updates');
      }
      const offset = await takeLease(deps, botId, node);
      if (offset === null) {
        await sleep(IDLE_RETRY_MS, undefined, { signal });
        continue;
      }
      const updates = await bot.api.getUpdates(offset, POLL_TIMEOUT_S, signal);
      for (const update of updates) await handleOne(app, deps, update);
      const last = updates.at(-1);
      if (last) await saveOffset(deps, botId, node, last.update_id + 1);
      backoffMs = 1000;
    } catch (error) {
      if (signal.aborted) return;
      app.log.warn(
        { err: error instanceof Error ? error.message : String(error) },
        'Telegram polling failed',
      );
      await sleep(backoffMs, undefined, { signal }).catch(() => undefined);
      backoffMs = Math.min(backoffMs * 2, MAX_BACKOFF_MS);
    }
  }
}

async function handleOne(app: FastifyInstance, deps: TelegramDeps, update: TelegramUpdate) {
  try {
    await handleTelegramUpdate(deps, update);
  } catch (error) {
    // One bad update (or a reply Telegram refused) must not stop the others.
    app.log.warn(
      { err: error instanceof Error ? error.message : String(error), updateId: update.update_id },
      'Telegram update not handled',
    );
  }
}

/** This node's lease (taken or renewed) and the next update id; null while another node holds it. */
async function takeLease(deps: TelegramDeps, botId: string, node: string): Promise<number | null> {
  const now = deps.now();
  const until = new Date(now.getTime() + LEASE_MS);
  const result = (await deps.db.execute(sql`
    insert into ${telegramPolling} (bot_id, next_update_id, leased_by, leased_until)
    values (${botId}, 0, ${node}, ${until.toISOString()}::timestamptz)
    on conflict (bot_id) do update set leased_by = excluded.leased_by, leased_until = excluded.leased_until
    where ${telegramPolling.leasedBy} = ${node} or ${telegramPolling.leasedUntil} is null
      or ${telegramPolling.leasedUntil} < ${now.toISOString()}::timestamptz
    returning next_update_id`)) as unknown as { rows: { next_update_id: string | number }[] };
  const row = result.rows[0];
  return row ? Number(row.next_update_id) : null;
}

async function saveOffset(deps: TelegramDeps, botId: string, node: string, next: number): Promise<void> {
  await deps.db.execute(sql`
    update ${telegramPolling} set next_update_id = greatest(next_update_id, ${next})
    where bot_id = ${botId} and leased_by = ${node}`);
}

/** POST /telegram/webhook: Telegram's updates, when TELEGRAM_WEBHOOK=1; 404 otherwise. */
export function registerTelegramWebhook(app: FastifyInstance, deps: TelegramDeps): void {
  const token = app.config.telegramBotToken;
  if (!deps.bot || !token || !app.config.telegramWebhook) return;
  const expected = Buffer.from(webhookSecret(token));
  app.post('/telegram/webhook', { schema: { hide: true } }, async (request, reply) => {
    const given = Buffer.from(String(request.headers['x-telegram-bot-api-secret-token'] ?? ''));
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return reply.code(401).send({ ok: false });
    }
    try {
      await handleTelegramUpdate(deps, request.body as TelegramUpdate);
    } catch (error) {
      // A reply Telegram refused is done with; anything else (the database) is answered 500,
      // so Telegram sends the update again.
      if (!(error instanceof TelegramApiError)) throw error;
      app.log.warn({ err: error.message }, 'Telegram update not handled');
    }
    return { ok: true };
  });
}
