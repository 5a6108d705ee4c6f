/**
 * The browser every flow and script uses: Debian's Chromium (never a downloaded build), with
 * the flags that keep it quiet and deterministic in a sandboxless, offline container.
 */
export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const LAUNCH_OPTIONS = { executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS };

export const DEMO_ACCOUNT = { email: 'demo@tollgate.dev', password: 'Tollgate2026' } as const;
