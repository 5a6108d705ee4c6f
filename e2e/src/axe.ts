import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { settle } from './settle';

/**
 * Runs axe-core (the engine behind Lighthouse's accessibility audit) in the page, after its
 * animations have settled (a fading element has no fixed contrast), and returns its violations
 * as readable lines: rule, impact and the offending elements.
 */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * axe's default rules plus those Lighthouse turns on beyond them (its accessibility gatherer,
 * lighthouse 12), some experimental in axe: names that match the visible text, target sizes.
 */
const LIGHTHOUSE_RULES = [
  'accesskeys',
  'aria-allowed-role',
  'aria-conditional-attr',
  'aria-deprecated-role',
  'aria-dialog-name',
  'aria-prohibited-attr',
  'aria-text',
  'aria-treeitem-name',
  'empty-heading',
  'heading-order',
  'html-xml-lang-mismatch',
  'identical-links-same-purpose',
  'image-redundant-alt',
  'input-button-name',
  'label-content-name-mismatch',
  'landmark-one-main',
  'link-in-text-block',
  'meta-viewport',
  'select-name',
  'skip-link',
  'tabindex',
  'table-duplicate-name',
  'table-fake-caption',
  'target-size',
  'td-has-header',
];
const RUN_OPTIONS = { rules: Object.fromEntries(LIGHTHOUSE_RULES.map((id) => [id, { enabled: true }])) };

type AxeRun = (context: Document, options: object) => Promise<AxeResults>;

export async function findAxeViolations(page: Page): Promise<string[]> {
  // Transitions and entrance effects settle first (an endless one, the pulsing dot of an unread
  // notice that another test may just have published, never does, and axe need not wait).
  await settle(page);
  // Evaluated through the debugger protocol: the app's CSP (script-src 'self') rightly refuses
  // an injected <script>.
  await page.evaluate(AXE_SOURCE);
  const results = await page.evaluate(
    (options) => (window as unknown as { axe: { run: AxeRun } }).axe.run(document, options),
    RUN_OPTIONS,
  );
  return results.violations.map(describeViolation);
}

function describeViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => `    ${node.target.join(' ')}: ${node.failureSummary ?? ''}`);
  return [`${violation.id} (${violation.impact}): ${violation.help}`, ...nodes].join('\n');
}
