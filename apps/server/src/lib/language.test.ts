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

  it('takes Accept-Language last: its preferred shipped language, q-values respected', () => {
    expect(pickLanguage({ accept: 'vi-VN,vi;q=0.9,en;q=0.8' })).toBe('vi_VN');
    expect(pickLanguage({ accept: 'fr-FR, de;q=0.9, en;q=0.5, vi;q=0.4' })).toBe('en_US');
    expect(pickLanguage({ accept: 'vi;q=0.5, en-GB;q=0.9' })).toBe('en_US');
    expect(pickLanguage({ accept: 'zh-HK' })).toBe('zh_TW');
    expect(pickLanguage({ accept: 'zh-Hant-TW;q=0.8, ja' })).toBe('zh_TW');
    expect(pickLanguage({ accept: 'zh-Hans, zh-TW;q=0.9' })).toBe('zh_CN');
    expect(pickLanguage({ accept: 'en-US;q=0, vi;q=0.1' })).toBe('vi_VN');
    // Equal weights keep their order; nothing shipped, or no header: zh_CN.
    expect(pickLanguage({ accept: 'vi, en' })).toBe('vi_VN');
    expect(pickLanguage({ accept: 'fr, de, *' })).toBe('zh_CN');
    expect(pickLanguage({ accept: 'en;q=abc' })).toBe('en_US');
    expect(pickLanguage({})).toBe('zh_CN');
    // Any explicit hint wins over it.
    expect(pickLanguage({ header: 'zh_TW', accept: 'en' })).toBe('zh_TW');
    expect(pickLanguage({ query: 'vi_VN', accept: 'en' })).toBe('vi_VN');
    expect(pickLanguage({ body: 'zh_CN', accept: 'en' })).toBe('zh_CN');
  });
});
