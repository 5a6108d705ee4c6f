import { endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { registerEndpoint } from '../../lib/register-endpoint';
import { requireSession } from '../auth/authenticate';
import { createConnectLink, disconnectTelegram, telegramStatus } from './telegram.service';
import { registerTelegramWebhook } from './telegram-bot';

/** POST /front/app/telegram/status, connect, disconnect; and the bot's webhook when enabled. */
export function registerTelegramRoutes(app: FastifyInstance): void {
  const deps = app.telegram;
  const merchantOf = (request: Parameters<typeof requireSession>[0]) => requireSession(request).merchantId;
  registerEndpoint(app, endpoints.telegramStatus, ({ request }) => telegramStatus(deps, merchantOf(request)));
  registerEndpoint(app, endpoints.telegramConnect, ({ body, request }) =>
    createConnectLink(deps, merchantOf(request), body.appId),
  );
  registerEndpoint(app, endpoints.telegramDisconnect, ({ body, request }) =>
    disconnectTelegram(deps, merchantOf(request), body.appId),
  );
  registerTelegramWebhook(app, deps);
}
