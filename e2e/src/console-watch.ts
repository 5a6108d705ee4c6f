import type { ConsoleMessage, Page } from '@playwright/test';

/**
 * Collects what a page writes to the console at warning level or worse (React Router and
 * React report misuse there), so a flow can assert that a walk stayed quiet.
 */
export function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'warning' || message.type() === 'error') {
      problems.push(`${message.type()}: ${message.text()}`);
    }
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  return problems;
}
