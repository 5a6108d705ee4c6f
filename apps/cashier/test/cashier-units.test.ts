import type { CashierView } from '@tollgate/contracts';
import { LANGUAGES, languageOfTag } from '@tollgate/contracts/languages';
import { describe, expect, it } from 'vitest';
import { amountSizeClass } from '../src/amount-size';
import { formatLeft } from '../src/components/countdown';
import { phaseOf } from '../src/components/status-panel';
import { browserLanguage, pageLanguage } from '../src/language';
import { format, STRINGS } from '../src/strings';

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('the four languages', () => {
  it('say every string, with the same placeholders as zh_CN', () => {
    const reference = STRINGS.zh_CN;
    for (const language of LANGUAGES) {
      const strings = STRINGS[language];
      expect(Object.keys(strings).sort(), language).toEqual(Object.keys(reference).sort());
      for (const [key, text] of Object.entries(strings)) {
        expect(text.trim(), `${language}.${key}`).not.toBe('');
        expect(placeholders(text), `${language}.${key}`).toEqual(
          placeholders(reference[key as keyof typeof reference]),
        );
      }
    }
  });

  it('are different languages, not copies', () => {
    const titles = new Set(LANGUAGES.map((language) => STRINGS[language].statusUnderpaid));
    expect(titles.size).toBe(LANGUAGES.length);
  });

  it('fill placeholders and leave unknown ones visible', () => {
    expect(format('{{a}} of {{b}} {{c}}', { a: 1, b: '3' })).toBe('1 of 3 {{c}}');
  });
});

describe('the countdown', () => {
  it.each([
    [0, '0:00'],
    [-5000, '0:00'],
    [59_999, '0:59'],
    [61_000, '1:01'],
    [3_600_000, '1:00:00'],
    [172_800_000, '48:00:00'],
  ])('%i ms left reads %s', (ms, text) => {
    expect(formatLeft(ms)).toBe(text);
  });
});

describe('the phase shown', () => {
  const view = (over: Partial<CashierView>) =>
    ({ status: 'pending', network: 'TRON', paidAmount: '0', ...over }) as CashierView;
  it.each([
    [{ network: null }, false, 'choose'],
    [{}, false, 'waiting'],
    [{ paidAmount: '3' }, false, 'underpaid'],
    [{ paidAmount: '3' }, true, 'expired'],
    [{ network: null }, true, 'expired'],
    [{ status: 'confirming' as const }, false, 'confirming'],
    [{ status: 'completed' as const }, true, 'completed'],
    [{ status: 'expired' as const }, false, 'expired'],
  ])('%o, time up %s: %s', (over, timeIsUp, phase) => {
    expect(phaseOf(view(over), timeIsUp)).toBe(phase);
  });
});

describe('the amount size', () => {
  it('sets a long amount smaller, so that it stays on one line on a phone', () => {
    expect(amountSizeClass('10.5')).toBe('');
    expect(amountSizeClass('12345678.5')).toBe('');
    expect(amountSizeClass('123456789.123')).toBe('amount--long');
    expect(amountSizeClass('999999999999.999999')).toBe('amount--longer');
  });
});

describe('the page language', () => {
  it("maps the browser's tags onto the four: zh-TW/zh-HK to zh_TW, other zh to zh_CN, vi, en", () => {
    expect(languageOfTag('zh-TW')).toBe('zh_TW');
    expect(languageOfTag('zh-HK')).toBe('zh_TW');
    expect(languageOfTag('zh-Hant-TW')).toBe('zh_TW');
    expect(languageOfTag('zh-CN')).toBe('zh_CN');
    expect(languageOfTag('zh')).toBe('zh_CN');
    expect(languageOfTag('zh-SG')).toBe('zh_CN');
    expect(languageOfTag('vi')).toBe('vi_VN');
    expect(languageOfTag('vi-VN')).toBe('vi_VN');
    expect(languageOfTag('en-GB')).toBe('en_US');
    expect(languageOfTag('en')).toBe('en_US');
    expect(languageOfTag('fr-FR')).toBeUndefined();
    expect(languageOfTag('')).toBeUndefined();
  });

  it('takes the first of navigator.languages that is one of the four, else en_US', () => {
    expect(browserLanguage(['fr-FR', 'vi-VN', 'en-US'])).toBe('vi_VN');
    expect(browserLanguage(['zh-HK', 'en'])).toBe('zh_TW');
    expect(browserLanguage(['de-DE', 'ja'])).toBe('en_US');
    expect(browserLanguage([])).toBe('en_US');
  });

  it("is the payer's choice, else the order's language, else the browser's", () => {
    expect(pageLanguage(null, 'zh_TW', ['vi-VN'])).toBe('zh_TW');
    expect(pageLanguage(null, null, ['vi-VN'])).toBe('vi_VN');
    expect(pageLanguage(null, null, ['de'])).toBe('en_US');
    expect(pageLanguage('en_US', 'zh_TW', ['vi-VN'])).toBe('en_US');
  });

  it('names the switch in each language', () => {
    const names = new Set(LANGUAGES.map((language) => STRINGS[language].languageLabel));
    expect(names.size).toBe(LANGUAGES.length);
  });
});
