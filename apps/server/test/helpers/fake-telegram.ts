import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { TelegramUpdate } from '../../src/modules/telegram/telegram-api';

/**
 * A local stand-in for Telegram's Bot API (TELEGRAM_API_URL points at it): getMe, getUpdates
 * (long polling over the updates a test pushes), sendMessage (recorded; a chat can be made to
 * answer 403 as a chat that blocked the bot), setWebhook and deleteWebhook. It checks the token
 * in the path, as Telegram does. The e2e suite runs it in Playwright's runner process and its
 * workers drive it over HTTP: POST /__fake/updates (an update to queue), GET /__fake/sent.
 */
export interface SentMessage {
  chatId: string;
  text: string;
}

export interface FakeTelegram {
  url: string;
  token: string;
  username: string;
  sent: SentMessage[];
  calls: string[];
  /** Queue an update for getUpdates (ids are numbered here). */
  push(update: Omit<TelegramUpdate, 'update_id'>): number;
  /** sendMessage to this chat answers 403 Forbidden: bot was blocked by the user. */
  block(chatId: string): void;
  /** The next sendMessage to this chat answers 429 with retry_after `seconds`. */
  limitOnce(chatId: string, seconds: number): void;
  /** Resolves with the first message sent to `chatId` that matches, waiting for it (no sleep). */
  waitForMessage(chatId: string, match: RegExp | string, timeoutMs?: number): Promise<SentMessage>;
  close(): Promise<void>;
}

export async function startFakeTelegram(): Promise<FakeTelegram> {
  const token = `123456789:${'T'.repeat(35)}`;
  const username = 'tollgate_test_bot';
  const sent: SentMessage[] = [];
  const calls: string[] = [];
  const updates: TelegramUpdate[] = [];
  const blocked = new Set<string>();
  const limited = new Map<string, number>();
  let nextId = 1000;
  const waiters = new Set<() => void>();
  const notify = () => {
    for (const waiter of [...waiters]) waiter();
  };
  const server: Server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk) => {
      raw += chunk;
    });
    request.on('end', () => {
      const answer = (body: unknown, status = 200) => {
        response.writeHead(status, { 'content-type': 'application/json' });
        response.end(JSON.stringify(body));
      };
      if (request.url === '/__fake/updates' && request.method === 'POST') {
        const update_id = push(JSON.parse(raw) as Omit<TelegramUpdate, 'update_id'>);
        return answer({ ok: true, result: { update_id } });
      }
      if (request.url === '/__fake/sent') return answer({ ok: true, result: sent });
      const match = /^\/bot([^/]+)\/(\w+)$/.exec(request.url ?? '');
      if (!match || match[1] !== token)
        return answer({ ok: false, error_code: 401, description: 'Unauthorized' }, 401);
      const method = match[2] ?? '';
      calls.push(method);
      const body = (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      if (method === 'getMe') return answer({ ok: true, result: { id: 123456789, is_bot: true, username } });
      if (method === 'deleteWebhook' || method === 'setWebhook') return answer({ ok: true, result: true });
      if (method === 'sendMessage') {
        const chatId = String(body.chat_id);
        const retryAfter = limited.get(chatId);
        if (retryAfter !== undefined) {
          limited.delete(chatId);
          return answer(
            {
              ok: false,
              error_code: 429,
              description: 'Too Many Requests',
              parameters: { retry_after: retryAfter },
            },
            429,
          );
        }
        if (blocked.has(chatId))
          return answer(
            { ok: false, error_code: 403, description: 'Forbidden: bot was blocked by the user' },
            403,
          );
        sent.push({ chatId, text: String(body.text) });
        notify();
        return answer({ ok: true, result: { message_id: sent.length } });
      }
      if (method === 'getUpdates') {
        const offset = Number(body.offset ?? 0);
        const timeoutS = Number(body.timeout ?? 0);
        const ready = () => updates.filter((update) => update.update_id >= offset);
        if (ready().length > 0 || timeoutS === 0) return answer({ ok: true, result: ready() });
        // Long polling: answer when an update arrives or the timeout ends (or the poller goes).
        const done = () => {
          clearTimeout(timer);
          waiters.delete(onUpdate);
          if (!response.writableEnded) answer({ ok: true, result: ready() });
        };
        const onUpdate = () => {
          if (ready().length > 0) done();
        };
        const timer = setTimeout(done, timeoutS * 1000);
        waiters.add(onUpdate);
        request.socket.on('close', () => {
          clearTimeout(timer);
          waiters.delete(onUpdate);
        });
        return;
      }
      answer({ ok: false, error_code: 404, description: 'Not Found' }, 404);
    });
  });
  const push = (update: Omit<TelegramUpdate, 'update_id'>) => {
    const update_id = nextId++;
    updates.push({ update_id, ...update });
    notify();
    return update_id;
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    token,
    username,
    sent,
    calls,
    push,
    block(chatId) {
      blocked.add(chatId);
    },
    limitOnce(chatId, seconds) {
      limited.set(chatId, seconds);
    },
    waitForMessage(chatId, match, timeoutMs = 30_000) {
      const find = () =>
        sent.find(
          (message) =>
            message.chatId === chatId &&
            (typeof match === 'string' ? message.text.includes(match) : match.test(message.text)),
        );
      return new Promise((resolve, reject) => {
        const check = () => {
          const found = find();
          if (!found) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(found);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no message to ${chatId} matching ${match}; sent: ${JSON.stringify(sent)}`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
