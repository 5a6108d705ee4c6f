import { LANGUAGES } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { LOCALE_TAGS, toLocaleTag } from './locale-tags';

describe('locale tags', () => {
  it('give every language a tag Intl knows, distinct from the others', () => {
    for (const lang of LANGUAGES) {
      const tag = toLocaleTag(lang);
      expect(Intl.getCanonicalLocales(tag)).toEqual([tag]);
      expect(Intl.DateTimeFormat.supportedLocalesOf([tag])).toEqual([tag]);
    }
    expect(new Set(Object.values(LOCALE_TAGS)).size).toBe(LANGUAGES.length);
  });
});
