/**
 * The zero-config mail path as a newcomer meets it: server.ts without SMTP_URL (production,
 * the default) says in its start banner that mail is not sent (and, started with
 * ALLOW_PRIVATE_CALLBACKS=1, that the SSRF guard is open), and a login code requested
 * afterwards is printed on a line of its own, while the JSON log line never holds it.
 * Embedded database only, like server-process.test.ts. The waits are deadlines, not sleeps: a
 * start on a busy machine can take a minute or more.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CODES_IN_LOG, NOT_SENT } from '../src/modules/mail/unsent-mail';
import { PRIVATE_CALLBACKS_BANNER } from '../src/modules/ops/server-warnings';
import { freePort } from './helpers/free-port';
import { isPostgresRun } from './helpers/test-database';

const serverDir = new URL('..', import.meta.url).pathname;

/** Everything a stream printed so far, and a wait for a condition on it (no sleeps). */
function watch(stream: NodeJS.ReadableStream | null) {
  let text = '';
  const waiters: { test: (text: string) => boolean; resolve: () => void }[] = [];
  stream?.on('data', (chunk) => {
    text += chunk;
    for (const waiter of [...waiters]) {
      if (waiter.test(text)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  });
  return {
    text: () => text,
    until: (test: (text: string) => boolean, what: string, ms = 60_000) =>
      test(text)
        ? Promise.resolve()
        : new Promise<void>((resolve, reject) => {
            const timer = setTimeout(() => reject(new Error(`timed out waiting for ${what}:\n${text}`)), ms);
            waiters.push({
              test,
              resolve: () => {
                clearTimeout(timer);
                resolve();
              },
            });
          }),
  };
}

function post(port: number, path: string, fields: Record<string, string>) {
  return fetch(`http://127.0.0.1:${port}/front${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', lang: 'en_US' },
    body: new URLSearchParams(fields).toString(),
  }).then((response) => response.json() as Promise<{ code: number }>);
}

describe.skipIf(isPostgresRun())('without SMTP_URL', () => {
  it('says so at start, and prints each code on a line of its own', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'tollgate-banner-'));
    const port = await freePort();
    const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server.ts'], {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        PORT: String(port),
        DATA_DIR: dataDir,
        WEB_DIST_DIR: join(dataDir, 'no-web'),
        LOG_LEVEL: 'info',
        ALLOW_PRIVATE_CALLBACKS: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const stdout = watch(child.stdout);
    const stderr = watch(child.stderr);
    const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
    try {
      // The banner is written line by line and ends with a blank line (the mail lines, then
      // others such as the chain mode's).
      await stdout.until((text) => /Tollgate is running[\s\S]*?\n\n/.test(text), 'the start banner', 150_000);
      const banner = stdout.text().slice(stdout.text().indexOf('Tollgate is running'));
      expect(banner.split('\n')).toEqual(
        expect.arrayContaining([
          `Tollgate is running at http://localhost:${port}`,
          NOT_SENT,
          CODES_IN_LOG,
          PRIVATE_CALLBACKS_BANNER,
        ]),
      );

      expect((await post(port, '/login/sendEmailCode', { email: 'demo@tollgate.dev' })).code).toBe(0);
      await stderr.until((text) => /^\d{6}$/m.test(text), 'the printed login code');
      const code = stderr.text().match(/^(\d{6})$/m)?.[1] ?? '';
      expect(stderr.text()).toContain('To: demo@tollgate.dev');
      expect(stderr.text()).toContain(CODES_IN_LOG);
      // The JSON line of that mail (the demo merchant's language is zh_CN), at warn in
      // production, says it was not sent; no code in it.
      await stdout.until((text) => text.includes('mail NOT sent'), 'the mail log line');
      const logged = stdout
        .text()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line))
        .find((entry) => entry.to === 'demo@tollgate.dev');
      expect(logged).toMatchObject({ level: 40, subject: '您的 Tollgate 登录验证码' });
      expect(stdout.text()).not.toContain(code);
      // The printed code is the real one.
      expect((await post(port, '/login', { email: 'demo@tollgate.dev', emailCode: code })).code).toBe(0);

      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 300_000);
});
