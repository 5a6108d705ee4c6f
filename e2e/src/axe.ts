import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

/**
 * Runs axe-core (the engine behind Lighthouse's accessibility audit) in the page, after its
 * animations have settled (a fading element has no fixed contrast), and returns its violations
 * as readable lines: rule, impact and the offending elements.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

export async function findAxeViolations(page: Page): Promise<string[]> {
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  // Evaluated through the debugger protocol: the app's CSP (script-src 'self') rightly refuses
  // an injected <script>.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(() =>
    (window as unknown as { axe: { run(): Promise<AxeResults> } }).axe.run(),
  );
  return results.violations.map(describeViolation);
}

function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
  return [`${violation.id} (${violation.impact}): ${violation.help}`, ...nodes].join('\n');
}
