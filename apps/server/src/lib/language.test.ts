import { describe, expect, it } from 'vitest';
import { pickLanguage, readLangCode } from './language';

describe('pickLanguage', () => {
  it('prefers the header, then the query, then the body', () => {
    expect(pickLanguage({ header: 'en_US', query: 'vi_VN', body: 'zh_TW' })).toBe('en_US');
    expect(pickLanguage({ query: 'vi_VN', body: 'zh_TW' })).toBe('vi_VN');
    expect(pickLanguage({ body: 'zh_TW' })).toBe('zh_TW');
  });

  it('maps short codes and falls back to zh_CN', () => {
    expect(pickLanguage({ header: 'en' })).toBe('en_US');
    expect(pickLanguage({ header: 'jp', query: 'en_US' })).toBe('zh_CN');
    expect(pickLanguage({})).toBe('zh_CN');
    expect(pickLanguage({ header: '  ', query: 'vi_VN' })).toBe('vi_VN');
    expect(pickLanguage({ header: ['zh_TW', 'en_US'] })).toBe('zh_TW');
  });

  it('reads langCode only from plain objects', () => {
    expect(readLangCode({ langCode: 'en_US' })).toBe('en_US');
    expect(readLangCode(['en_US'])).toBeUndefined();
    expect(readLangCode(null)).toBeUndefined();
    expect(readLangCode('langCode=en_US')).toBeUndefined();
    // Only the object's own field: an inherited one is not something the client sent.
    expect(readLangCode(Object.create({ langCode: 'en_US' }))).toBeUndefined();
  });

  it('resolves prototype member names to zh_CN', () => {
    for (const hint of ['__proto__', 'constructor', 'CONSTRUCTOR', 'toString', 'hasOwnProperty']) {
      expect(pickLanguage({ header: hint, query: 'en_US' })).toBe('zh_CN');
      expect(pickLanguage({ query: hint })).toBe('zh_CN');
      expect(pickLanguage({ body: hint })).toBe('zh_CN');
    }
  });
});
