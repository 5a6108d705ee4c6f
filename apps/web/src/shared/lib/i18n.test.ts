import { describe, expect, it } from 'vitest';
import enUS from '../../locales/en_US';
import { loadOpsTexts } from '../../locales/ops-resources';
import { i18n, indefiniteArticle } from './i18n';

const stringsOf = (node: unknown, path = ''): [string, string][] =>
  typeof node === 'string'
    ? [[path, node]]
    : node && typeof node === 'object'
      ? Object.entries(node).flatMap(([key, value]) => stringsOf(value, path ? `${path}.${key}` : key))
      : [];

describe('the indefinite article', () => {
  it('is "an" before a vowel sound, "a" before the rest, for every chain name', () => {
    expect(['Ethereum', 'Tron', 'BNB Chain', 'Polygon', 'Doge'].map(indefiniteArticle)).toEqual([
      'an',
      'a',
      'a',
      'a',
      'a',
    ]);
    expect(['ETH', 'USDT', 'SMS', 'Arbitrum', 'Unicode', 'Optimism'].map(indefiniteArticle)).toEqual([
      'an',
      'a',
      'an',
      'an',
      'a',
      'an',
    ]);
  });

  it('reads "An Ethereum address" and "A Tron address" in the withdrawal form (en_US)', () => {
    const t = i18n.getFixedT('en_US');
    expect(t('assets.withdraw.addressPlaceholder', { chain: 'Ethereum' })).toBe('An Ethereum address');
    expect(t('assets.withdraw.addressPlaceholder', { chain: 'Tron' })).toBe('A Tron address');
  });

  it('is never written by hand before a name filled in at run time, nor wrong before a word (en_US)', async () => {
    const strings = stringsOf({ ...enUS.catalogue, ops: await loadOpsTexts('en_US') });
    expect(strings.length).toBeGreaterThan(500);
    // "A {{chain}} address" cannot know its article; "{{chain, article}}" does.
    expect(strings.filter(([, text]) => /\b[Aa]n? \{\{/.test(text))).toEqual([]);
    // "a" before a vowel ("a URL", "a unique" are said with a "you"), "an" before a consonant
    // ("an hour" is said with a vowel).
    expect(strings.filter(([, text]) => /\b[Aa] [AEIOaeio]/.test(text))).toEqual([]);
    const anBeforeConsonant = /\b[Aa]n (?!hour|hono|heir)[b-df-hj-np-tv-zB-DF-HJ-NP-TV-Z]/;
    expect(strings.filter(([, text]) => anBeforeConsonant.test(text))).toEqual([]);
  });
});
