/**
 * What global setup hands to the workers and to global teardown, through process.env (the
 * one channel Playwright shares between them). Set E2E_BASE_URL yourself to run the flows
 * against an app that is already running; setup then starts nothing.
 */
export const ENV = {
  baseUrl: 'E2E_BASE_URL',
  serverPid: 'E2E_SERVER_PID',
  tempDir: 'E2E_TEMP_DIR',
  /** Where the SMTP receiver writes each mail the server sends (see mail-server.ts). */
  mailDir: 'E2E_MAIL_DIR',
  /** The fake Telegram Bot API the server's bot talks to (see fake-telegram.ts). */
  telegramUrl: 'E2E_TELEGRAM_URL',
} as const;

export function readBaseUrl(): string {
  const url = process.env[ENV.baseUrl];
  if (!url) throw new Error(`${ENV.baseUrl} is not set: global setup did not run`);
  return url;
}
