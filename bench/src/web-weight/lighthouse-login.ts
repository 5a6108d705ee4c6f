/**
 * Lighthouse's mobile audit (its default: a Moto G-class phone on slow 4G, simulated) of one
 * page, in Debian's Chromium launched by chrome-launcher with the bench's flags. Lighthouse
 * 12.8 is the last line that runs on Node 20 (13 needs Node 22.19); nothing is downloaded.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './page-js';

export interface LighthouseScores {
  performance: number;
  accessibility: number;
  totalBlockingTimeMs: number;
  firstContentfulPaintMs: number;
  largestContentfulPaintMs: number;
  /** Lighthouse's measure of this machine's speed (about 1000+ on a quiet desktop); it scales the CPU throttling. */
  benchmarkIndex: number;
  /** Lighthouse's own warnings about the run (a busy or slow machine among them). */
  runWarnings: string[];
  /** Titles of the accessibility audits that failed, to say what keeps the score below 100. */
  accessibilityFailures: string[];
}

export async function auditPage(url: string): Promise<LighthouseScores> {
  const chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH ?? CHROMIUM_PATH,
    chromeFlags: CHROMIUM_FLAGS,
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { categories, audits } = result.lhr;
    if (result.lhr.runtimeError) throw new Error(`Lighthouse: ${result.lhr.runtimeError.message}`);
    const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
    const failing = (categories.accessibility?.auditRefs ?? [])
      .filter((ref) => ref.weight > 0 && audits[ref.id]?.score === 0)
      .map((ref) => audits[ref.id]?.title ?? ref.id);
    return {
      performance: score('performance'),
      accessibility: score('accessibility'),
      totalBlockingTimeMs: Math.round(audits['total-blocking-time']?.numericValue ?? 0),
      firstContentfulPaintMs: Math.round(audits['first-contentful-paint']?.numericValue ?? 0),
      largestContentfulPaintMs: Math.round(audits['largest-contentful-paint']?.numericValue ?? 0),
      benchmarkIndex: Math.round(result.lhr.environment.benchmarkIndex),
      runWarnings: result.lhr.runWarnings.map(String),
      accessibilityFailures: failing,
    };
  } finally {
    chrome.kill();
  }
}
