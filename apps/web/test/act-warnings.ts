import { type MockInstance, vi } from 'vitest';

/**
 * Turns React's act() warnings into test failures. They mean a state update landed outside
 * act() (the screen a test asserts on may not be the one React would show), or that the
 * environment flag is missing; either way the suite used to print them by the dozen and pass.
 */
const ACT_WARNING = /not wrapped in act\(|not configured to support act\(/;
const printError = console.error.bind(console);

let caught: string[] = [];
let spy: MockInstance<typeof console.error> | undefined;

/** React passes printf-style arguments ("An update to %s ..."); fill them in for the report. */
function formatMessage([first, ...rest]: unknown[]): string {
  if (typeof first !== 'string') return [first, ...rest].map(String).join(' ');
  return first.replace(/%s/g, () => String(rest.shift()));
}

export function watchActWarnings() {
  caught = [];
  spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    const text = formatMessage(args);
    if (ACT_WARNING.test(text)) caught.push(text.split('\n')[0] ?? text);
    printError(...args);
  });
}

/** Throws (failing the test that just ran) if React warned about act() during it. */
export function assertNoActWarnings() {
  spy?.mockRestore();
  spy = undefined;
  const found = caught;
  caught = [];
  if (found.length > 0) throw new Error(`React act() warnings during this test:\n${found.join('\n')}`);
}
