import { defineConfig } from '@playwright/test';
import { LAUNCH_OPTIONS } from './src/browser';
import { ENV } from './src/server-env';

/**
 * Flows through the real production build and Debian's Chromium. Global setup starts the
 * server and puts its URL in process.env, which the workers (started after it) inherit.
 */
export default defineConfig({
  testDir: './test',
  globalSetup: './src/global-setup.ts',
  globalTeardown: './src/global-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // Budgets for a busy 2-core machine (CI runs the server suites beside nothing else, but a
  // session's machine may be loaded): a walk through every page took 30 s under load.
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list']],
  use: {
    ...(process.env[ENV.baseUrl] ? { baseURL: process.env[ENV.baseUrl] } : {}),
    launchOptions: LAUNCH_OPTIONS,
    viewport: { width: 1440, height: 900 },
    // Recording a trace (DOM snapshots and a screencast of every step) costs every test CPU on
    // a 2-core machine; CI retries a failure once and records that retry, locally (no retries)
    // every test records and keeps the failures'.
    trace: process.env.CI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
});
