/**
 * The few Bot API methods Tollgate uses (https://core.telegram.org/bots/api), over fetch with
 * JSON. The base URL is TELEGRAM_API_URL (Telegram's own by default; the tests' fake Bot API
 * otherwise). The token is part of every URL, so no URL is ever put into an error or a log.
 */
export interface TelegramUser {
  id: number;
  is_bot?: boolean;
  username?: string;
  first_name?: string;
  language_code?: string;
}

export interface TelegramChat {
  id: number;
  type: string;
  title?: string;
  username?: string;
  first_name?: string;
}

export interface TelegramUpdate {
  update_id: number;
  message?: { message_id: number; chat: TelegramChat; from?: TelegramUser; text?: string };
}

export class TelegramApiError extends Error {
  constructor(
    readonly method: string,
    /** Telegram's error_code (HTTP-like), or 0 when there was no answer. */
    readonly errorCode: number,
    readonly description: string,
    /** Seconds to wait, when Telegram said so (429). */
    readonly retryAfterS?: number,
  ) {
    super(`Telegram ${method}: ${errorCode} ${description}`);
    this.name = 'TelegramApiError';
  }
}

export interface TelegramApi {
  getMe(): Promise<TelegramUser>;
  /** Long polling: waits up to `timeoutS` for updates from `offset` on. */
  getUpdates(offset: number, timeoutS: number, signal?: AbortSignal): Promise<TelegramUpdate[]>;
  sendMessage(chatId: string, text: string): Promise<void>;
  deleteWebhook(): Promise<void>;
  setWebhook(url: string, secretToken: string): Promise<void>;
}

interface Answer<T> {
  ok: boolean;
  result?: T;
  error_code?: number;
  description?: string;
  parameters?: { retry_after?: number };
}

export function createTelegramApi(options: { baseUrl: string; token: string }): TelegramApi {
  const base = `${options.baseUrl.replace(/\/+$/, '')}/bot${options.token}`;
  async function call<T>(
    method: string,
    body: unknown,
    signal?: AbortSignal,
    timeoutMs = 15_000,
  ): Promise<T> {
    let response: Response;
    try {
      response = await fetch(`${base}/${method}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
        signal: signal
          ? AbortSignal.any([signal, AbortSignal.timeout(timeoutMs)])
          : AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.name : 'error';
      throw new TelegramApiError(method, 0, `no answer (${reason})`);
    }
    let answer: Answer<T>;
    try {
      answer = (await response.json()) as Answer<T>;
    } catch {
      throw new TelegramApiError(method, response.status, 'an answer that is not JSON');
    }
    if (!answer.ok || answer.result === undefined) {
      throw new TelegramApiError(
        method,
        answer.error_code ?? response.status,
        answer.description ?? 'refused',
        answer.parameters?.retry_after,
      );
    }
    return answer.result;
  }
  return {
    getMe: () => call<TelegramUser>('getMe', {}),
    getUpdates: (offset, timeoutS, signal) =>
      call<TelegramUpdate[]>(
        'getUpdates',
        { offset, timeout: timeoutS, allowed_updates: ['message'] },
        signal,
        (timeoutS + 10) * 1000,
      ),
    sendMessage: async (chatId, text) => {
      await call('sendMessage', { chat_id: chatId, text, link_preview_options: { is_disabled: true } });
    },
    deleteWebhook: async () => {
      await call('deleteWebhook', { drop_pending_updates: false });
    },
    setWebhook: async (url, secretToken) => {
      await call('setWebhook', { url, secret_token: secretToken, allowed_updates: ['message'] });
    },
  };
}
