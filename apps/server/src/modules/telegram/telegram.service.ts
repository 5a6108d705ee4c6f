import { createHash, randomBytes } from 'node:crypto';
import {
  ErrorCode,
  type Language,
  TELEGRAM_LINK_MINUTES,
  type TelegramConnect,
  type TelegramStatus,
} from '@tollgate/contracts';
import { and, eq, gt, inArray, isNull, lte } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { applications, merchants, telegramChats, telegramLinkCodes } from '../../db/schema';
import { AppError } from '../../lib/app-error';
import { findOwnApplication } from '../applications/application.repository';
import type { TelegramApi, TelegramChat, TelegramUpdate } from './telegram-api';
import { languageOfTelegramUser, telegramText } from './telegram-texts';

/**
 * Binding an application's alerts to a Telegram chat: the back office hands out a deep link
 * with a one-time code (`t.me/<bot>?start=<code>`, 15 minutes, one live link per application);
 * the bot receives `/start <code>` (by webhook or long polling) and binds the chat it came
 * from. `/stop` in a chat unbinds every application bound to it. Only the code's SHA-256 is
 * stored.
 */
export interface TelegramBot {
  api: TelegramApi;
  /** The bot's @username (without @) and id, from getMe; null until known. */
  username: string | null;
  id: string | null;
  /** When getMe last failed (ms): it is not asked again for a minute. */
  failedAt?: number;
}

const GET_ME_RETRY_MS = 60_000;

export interface TelegramDeps {
  db: Database;
  now: () => Date;
  /** null: TELEGRAM_BOT_TOKEN is not set, alerts are off. */
  bot: TelegramBot | null;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** Asks getMe once when the bot's name is not known yet (a start while Telegram was unreachable). */
export async function knowBot(bot: TelegramBot): Promise<{ username: string; id: string }> {
  if (bot.username && bot.id) return { username: bot.username, id: bot.id };
  // While Telegram is unreachable, status reads (every 3 s from an open connect modal) answer
  // at once instead of each waiting for getMe's timeout.
  if (bot.failedAt !== undefined && Date.now() - bot.failedAt < GET_ME_RETRY_MS)
    throw new Error('getMe failed less than a minute ago');
  let me: Awaited<ReturnType<TelegramApi['getMe']>>;
  try {
    me = await bot.api.getMe();
  } catch (error) {
    bot.failedAt = Date.now();
    throw error;
  }
  delete bot.failedAt;
  bot.username = me.username ?? null;
  bot.id = String(me.id);
  if (!bot.username) throw new Error('getMe answered without a username');
  return { username: bot.username, id: bot.id };
}

export async function telegramStatus(deps: TelegramDeps, merchantId: number): Promise<TelegramStatus> {
  const rows = await deps.db
    .select({ appId: applications.appId, title: telegramChats.title, linkedAt: telegramChats.linkedAt })
    .from(telegramChats)
    .innerJoin(applications, eq(applications.id, telegramChats.applicationId))
    .where(and(eq(applications.merchantId, merchantId), isNull(applications.deletedAt)));
  let botUsername: string | null = null;
  if (deps.bot)
    botUsername = await knowBot(deps.bot).then(
      (bot) => bot.username,
      () => null,
    );
  return {
    enabled: deps.bot !== null,
    botUsername,
    chats: rows.map((row) => ({ appId: row.appId, title: row.title, linkedAt: row.linkedAt.toISOString() })),
  };
}

export async function createConnectLink(
  deps: TelegramDeps,
  merchantId: number,
  appId: string,
): Promise<TelegramConnect> {
  if (!deps.bot) throw new AppError(ErrorCode.TELEGRAM_OFF);
  const app = await findOwnApplication(deps.db, merchantId, appId);
  if (!app) throw new AppError(ErrorCode.NOT_FOUND, { variant: 'applicationNotFound' });
  let username: string;
  try {
    username = (await knowBot(deps.bot)).username;
  } catch {
    throw new AppError(ErrorCode.TELEGRAM_UNREACHABLE);
  }
  const code = randomBytes(18).toString('base64url');
  const expiresAt = new Date(deps.now().getTime() + TELEGRAM_LINK_MINUTES * 60_000);
  // One live link per application: an earlier one stops working (an upsert: two concurrent
  // connects leave one link, the last).
  const values = { codeHash: hashCode(code), applicationId: app.id, expiresAt };
  await deps.db
    .insert(telegramLinkCodes)
    .values(values)
    .onConflictDoUpdate({ target: telegramLinkCodes.applicationId, set: values });
  return { url: `https://t.me/${username}?start=${code}`, expiresAt: expiresAt.toISOString() };
}

export async function disconnectTelegram(
  deps: TelegramDeps,
  merchantId: number,
  appId: string,
): Promise<null> {
  const app = await findOwnApplication(deps.db, merchantId, appId);
  if (!app) throw new AppError(ErrorCode.NOT_FOUND, { variant: 'applicationNotFound' });
  await deps.db.delete(telegramChats).where(eq(telegramChats.applicationId, app.id));
  return null;
}

/** "Shop" (a group's title), "@alice", or "Alice": how the card names the bound chat. */
export function chatTitle(chat: TelegramChat): string {
  if (chat.title) return chat.title;
  if (chat.username) return `@${chat.username}`;
  return chat.first_name ?? String(chat.id);
}

const START = /^\/start(?:@\w+)?(?:\s+([A-Za-z0-9_-]{1,64}))?\s*$/;
const STOP = /^\/stop(?:@\w+)?\s*$/;

/**
 * One update from Telegram: binds or unbinds, and answers in the chat. Messages that are not
 * our commands get the help text in private chats and nothing in groups.
 */
export async function handleTelegramUpdate(deps: TelegramDeps, update: TelegramUpdate): Promise<void> {
  const message = update.message;
  if (!deps.bot || !message?.text) return;
  const chat = message.chat;
  const chatId = String(chat.id);
  const userLanguage = languageOfTelegramUser(message.from?.language_code);
  const reply = (text: string) => deps.bot?.api.sendMessage(chatId, text);
  const start = START.exec(message.text.trim());
  if (start) {
    const code = start[1];
    if (!code) return void (await reply(telegramText(userLanguage, 'help')));
    const bound = await bindChat(deps, code, chat);
    if (!bound) return void (await reply(telegramText(userLanguage, 'linkInvalid')));
    return void (await reply(telegramText(bound.lang, 'linked', { app: bound.appName })));
  }
  if (STOP.test(message.text.trim())) {
    const removed = await deps.db
      .delete(telegramChats)
      .where(eq(telegramChats.chatId, chatId))
      .returning({ applicationId: telegramChats.applicationId });
    if (removed.length === 0) return void (await reply(telegramText(userLanguage, 'nothingLinked')));
    const apps = await deps.db
      .select({ name: applications.name })
      .from(applications)
      .where(
        inArray(
          applications.id,
          removed.map((row) => row.applicationId),
        ),
      );
    return void (await reply(
      telegramText(userLanguage, 'unlinked', { apps: apps.map((app) => `“${app.name}”`).join(', ') }),
    ));
  }
  if (chat.type === 'private') await reply(telegramText(userLanguage, 'help'));
}

/** Uses the code (once, unexpired, its application live) and binds the chat; null when the code is no good. */
async function bindChat(
  deps: TelegramDeps,
  code: string,
  chat: TelegramChat,
): Promise<{ appName: string; lang: Language } | null> {
  const now = deps.now();
  return deps.db.transaction(async (tx) => {
    // Expired codes go with any use of the table.
    await tx.delete(telegramLinkCodes).where(lte(telegramLinkCodes.expiresAt, now));
    const [used] = await tx
      .delete(telegramLinkCodes)
      .where(and(eq(telegramLinkCodes.codeHash, hashCode(code)), gt(telegramLinkCodes.expiresAt, now)))
      .returning({ applicationId: telegramLinkCodes.applicationId });
    if (!used) return null;
    const [app] = await tx
      .select({ name: applications.name, lang: merchants.lang })
      .from(applications)
      .innerJoin(merchants, eq(merchants.id, applications.merchantId))
      .where(and(eq(applications.id, used.applicationId), isNull(applications.deletedAt)));
    if (!app) return null;
    const values = {
      applicationId: used.applicationId,
      chatId: String(chat.id),
      title: chatTitle(chat),
      linkedAt: now,
    };
    await tx
      .insert(telegramChats)
      .values(values)
      .onConflictDoUpdate({ target: telegramChats.applicationId, set: values });
    return { appName: app.name, lang: app.lang as Language };
  });
}
