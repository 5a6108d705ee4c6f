import { setTimeout as sleep } from 'node:timers/promises';
import type { Language } from '@tollgate/contracts';
import { formatMoney } from '@tollgate/contracts/money';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database } from '../../db/client';
import { callbackEvents, telegramChats } from '../../db/schema';
import type { JobHandler } from '../../jobs/worker';
import type { TelegramDeps } from './telegram.service';
import { type TelegramApi, TelegramApiError } from './telegram-api';
import { type TelegramTextKey, telegramText } from './telegram-texts';

/**
 * The `telegram` job: one alert to the chat bound to an event's application, in the merchant's
 * language. Queued by the statement that writes the event (callbacks/callback-events.ts): a
 * completed collection, a payout's result; or by the statement that records a callback attempt
 * whose retries are spent (callbacks/attempt-statements.ts, `gaveUp`).
 * Rendered when it runs, from the order as it is then. A chat that blocked the bot or is gone
 * is unbound (Telegram says 403, or 400 "chat not found"); a 429 waits as Telegram asks (up to a
 * minute, then sends once more; a longer wait is the queue's next try).
 */
export const TELEGRAM_JOB = 'telegram';

/** The events a merchant is alerted of; every other event type is not. */
export const ALERTED_EVENT_TYPES = [
  'collection.completed',
  'payout.completed',
  'payout.failed',
  'payout.rejected',
];

const payloadSchema = z.object({ eventId: z.string(), gaveUp: z.boolean().optional() });

const TITLE_KEY: Record<string, TelegramTextKey> = {
  'collection.completed': 'collectionCompleted',
  'payout.completed': 'payoutCompleted',
  'payout.failed': 'payoutFailed',
  'payout.rejected': 'payoutRejected',
};

interface AlertRow {
  type: string;
  payload: unknown;
  attempts: number;
  app_name: string;
  chat_id: string | null;
  lang: string;
  order_no: string | null;
  merchant_order_no: string | null;
  amount: string | null;
  currency: string | null;
  network: string | null;
  fee: string | null;
  test: boolean | null;
  last_error: string | null;
}

async function readAlert(db: Database, eventId: string): Promise<AlertRow | undefined> {
  const result = (await db.execute(sql`
    select e.type, e.payload, e.attempts, a.name as app_name, t.chat_id, m.lang,
      o.order_no, o.merchant_order_no, o.amount::text as amount, o.currency, o.network,
      o.fee::text as fee, o.test,
      (select d.error from callback_deliveries d where d.event_id = e.id
        order by d.attempt desc limit 1) as last_error
    from ${callbackEvents} e
    join applications a on a.id = e.application_id
    join merchants m on m.id = e.merchant_id
    left join ${telegramChats} t on t.application_id = e.application_id
    left join orders o on o.id = e.order_id
    where e.id = ${eventId}`)) as unknown as { rows: AlertRow[] };
  return result.rows[0];
}

/** The alert's text: a title line, then one "label: value" line per fact. */
export function renderAlert(row: AlertRow, gaveUp: boolean): string {
  const lang = row.lang as Language;
  const t = (key: TelegramTextKey, params?: Record<string, string>) => telegramText(lang, key, params);
  const titleKey = gaveUp ? 'callbackFailed' : (TITLE_KEY[row.type] ?? 'callbackFailed');
  const lines = [`${row.test ? t('test') : ''}${t(titleKey, { app: row.app_name })}`];
  const fact = (key: TelegramTextKey, value: string | null | undefined) => {
    if (value) lines.push(`${t(key)}: ${value}`);
  };
  fact('orderNo', row.order_no);
  fact('merchantOrderNo', row.merchant_order_no);
  if (row.amount && row.currency)
    fact(
      'amount',
      `${formatMoney(row.amount, 8).replace(/\.?0+$/, '')} ${row.currency}${row.network ? ` (${row.network})` : ''}`,
    );
  if (row.fee && row.currency && row.fee !== '0')
    fact('fee', `${formatMoney(row.fee, 8).replace(/\.?0+$/, '')} ${row.currency}`);
  const payout = (row.payload as { payout?: { address?: string; reason?: string | null } } | null)?.payout;
  if (payout) {
    fact('address', payout.address);
    fact('reason', payout.reason ?? null);
  }
  if (gaveUp) {
    fact('event', row.type);
    fact('attempts', String(row.attempts));
    fact('lastError', row.last_error);
    lines.push('', t('callbackHint'));
  }
  return lines.join('\n');
}

export function createTelegramAlertHandler(deps: TelegramDeps): JobHandler {
  return {
    async run(payload) {
      const { eventId, gaveUp = false } = payloadSchema.parse(payload);
      const bot = deps.bot;
      // Alerts off since the job was queued (the token removed): nothing to send.
      if (!bot) return;
      const row = await readAlert(deps.db, eventId);
      if (!row?.chat_id) return;
      const text = renderAlert(row, gaveUp);
      try {
        await sendRespectingLimit(bot.api, row.chat_id, text);
      } catch (error) {
        if (error instanceof TelegramApiError && isChatGone(error)) {
          await deps.db.delete(telegramChats).where(eq(telegramChats.chatId, row.chat_id));
          return;
        }
        throw error;
      }
    },
  };
}

/**
 * Too many messages (429): Telegram says how long to wait; up to a minute is waited here and
 * the message sent once more, longer is left to the queue's next try.
 */
const LONGEST_WAIT_S = 60;

async function sendRespectingLimit(api: TelegramApi, chatId: string, text: string): Promise<void> {
  try {
    await api.sendMessage(chatId, text);
  } catch (error) {
    const wait = error instanceof TelegramApiError && error.errorCode === 429 ? error.retryAfterS : undefined;
    if (wait === undefined || wait > LONGEST_WAIT_S) throw error;
    await sleep(wait * 1000);
    await api.sendMessage(chatId, text);
  }
}

/** The bot was blocked or removed, or the chat no longer exists: retrying cannot help. */
function isChatGone(error: TelegramApiError): boolean {
  return error.errorCode === 403 || (error.errorCode === 400 && /chat not found/i.test(error.description));
}
