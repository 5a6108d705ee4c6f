import { z } from 'zod';
import { appIdField } from './application';

/**
 * Telegram alerts (issue 9): an application's alerts go to the chat bound through the bot's
 * deep link. Without TELEGRAM_BOT_TOKEN on the server, alerts are off and the card says so.
 */
export const telegramStatus = z.object({
  enabled: z.boolean().describe('Whether this server has a Telegram bot (TELEGRAM_BOT_TOKEN)'),
  botUsername: z.string().nullable().describe("The bot's @username without @, when enabled"),
  chats: z
    .array(
      z.object({
        appId: z.string(),
        title: z.string().describe("The chat's title, or the user's @username or name"),
        linkedAt: z.string().describe('ISO 8601'),
      }),
    )
    .describe("The merchant's applications that have a chat bound"),
});
export type TelegramStatus = z.infer<typeof telegramStatus>;

export const telegramConnectBody = z.object({ appId: appIdField });

export const telegramConnect = z.object({
  url: z.string().describe('https://t.me/<bot>?start=<one-time code>: open it and press Start'),
  expiresAt: z.string().describe('ISO 8601: the code works once, until then'),
});
export type TelegramConnect = z.infer<typeof telegramConnect>;

/** How long a "Connect Telegram" link works. */
export const TELEGRAM_LINK_MINUTES = 15;
