import { DATABASE_ENV, startApp } from './app-server';
import { ENV } from './server-env';

/**
 * Starts the app (see app-server.ts) and hands its URL, process, data and mail directory to
 * the workers and to global teardown through process.env. The returned function stops the
 * SMTP receiver and the fake Telegram Bot API, which live in this process (Playwright runs it
 * before global teardown).
 */
export default async function globalSetup() {
  if (process.env[ENV.baseUrl]) return; // an app is already running; use it as it is
  const app = await startApp();
  process.env[ENV.baseUrl] = app.baseUrl;
  process.env[ENV.serverPid] = String(app.pid);
  process.env[ENV.tempDir] = app.tempDir;
  process.env[ENV.mailDir] = app.mailDir;
  process.env[ENV.telegramUrl] = app.telegram.url;
  console.log(
    `e2e: server at ${app.baseUrl} on ${process.env[DATABASE_ENV] ? 'PostgreSQL' : 'PGlite'}, SMTP receiver on port ${app.mailServer.port}, data in ${app.tempDir}`,
  );
  return async () => {
    await app.mailServer.close();
    await app.telegram.close();
  };
}
