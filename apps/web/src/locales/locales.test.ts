import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, type Language } from '@tollgate/contracts/languages';
import dayjs from 'dayjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../shared/lib/i18n';
import type { Catalogue, LazyCatalogue } from './catalogue';
import { loadOpsTexts } from './ops-resources';
import { loadDateLocale, loadLocale } from './resources';

const here = dirname(fileURLToPath(import.meta.url));
const keysOf = (node: object, prefix = ''): string[] =>
  Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === 'object' ? keysOf(value, `${prefix}${key}.`) : [`${prefix}${key}`],
  );

/** SPEC section 2's menu labels, as keys of the menu catalogue. */
const SPEC_MENU_KEYS = [
  'home',
  'myApplications',
  'dashboard',
  'platformCollection',
  'platformPayout',
  'collectionRecords',
  'paymentRecords',
  'merchantCenter',
  'merchantInfo',
  'paymentRates',
  'billReport',
  'rechargeReport',
  'withdrawalReport',
  'collectionReport',
  'paymentReport',
  'systemNotice',
  'assetManagement',
  'fundFlow',
];

// The app loads one language per page; these tests load all four into the test instance.
// The console's texts (ops.json) load with the console, not in the bundle; they are checked
// here as if they were one more section of it.
const catalogues = {} as Record<Language, Catalogue & LazyCatalogue>;
beforeAll(async () => {
  for (const lang of LANGUAGES) {
    const bundle = await loadLocale(lang);
    expect(bundle.language).toBe(lang);
    catalogues[lang] = { ...bundle.catalogue, ops: await loadOpsTexts(lang) };
    i18n.addResourceBundle(lang, 'translation', bundle.catalogue, true, true);
  }
});

describe('locales', () => {
  it('ships the same files for every language', () => {
    const reference = readdirSync(join(here, 'zh_CN')).sort();
    for (const lang of LANGUAGES) expect(readdirSync(join(here, lang)).sort()).toEqual(reference);
  });

  it("puts every JSON file of a language in its bundle, beside the contracts' messages", () => {
    for (const lang of LANGUAGES) {
      const files = readdirSync(join(here, lang)).filter((file) => file.endsWith('.json'));
      const sections = files.map((file) => file.replace(/\.json$/, ''));
      expect(Object.keys(catalogues[lang]).sort()).toEqual([...sections, 'messages'].sort());
    }
  });

  it('every language has exactly the keys of zh_CN, none empty', () => {
    const reference = keysOf(catalogues.zh_CN).sort();
    for (const lang of LANGUAGES) {
      expect(keysOf(catalogues[lang]).sort()).toEqual(reference);
      for (const key of keysOf(catalogues[lang])) expect(i18n.getFixedT(lang)(key as never)).not.toBe('');
    }
  });

  it('has every SPEC menu label in all four languages', () => {
    for (const lang of LANGUAGES) {
      const menu = catalogues[lang].menu as Record<string, string>;
      for (const key of SPEC_MENU_KEYS) expect(menu[key], `${lang} menu.${key}`).toBeTruthy();
    }
    // Beside the SPEC's labels, the group holding the five reports (issue 9: "A group Reports holds the five").
    expect(keysOf(catalogues.zh_CN.menu).sort()).toEqual([...SPEC_MENU_KEYS, 'reports'].sort());
  });

  it('translates keys as paths and types them', () => {
    expect(i18n.getFixedT('vi_VN')('menu.fundFlow')).toBe('Dòng tiền');
    expect(i18n.getFixedT('zh_CN')('messages.validation.emailRequired')).toBe('请输入邮箱');
    // @ts-expect-error an unknown key does not compile
    expect(i18n.t('menu.noSuchEntry')).toBe('menu.noSuchEntry');
  });

  it("gives each language its own antd locale, and dayjs's when the shell asks for it", async () => {
    const antdLocales = await Promise.all(
      LANGUAGES.map(async (lang) => (await loadLocale(lang)).antd.locale),
    );
    expect(antdLocales).toEqual(['zh-cn', 'zh-tw', 'en', 'vi']);
    const dayjsLocales: string[] = [];
    for (const lang of LANGUAGES) {
      await loadDateLocale(lang);
      dayjsLocales.push(dayjs.locale());
    }
    expect(dayjsLocales).toEqual(['zh-cn', 'zh-tw', 'en', 'vi']);
  });
});

afterAll(() => {
  dayjs.locale('en');
});

describe("vi_VN's antd texts", () => {
  it('give the range pickers placeholders short enough for the filters, the rest as antd has them', async () => {
    const bundle = await loadLocale('vi_VN');
    expect(bundle.antd.DatePicker?.lang.rangePlaceholder).toEqual(['Từ ngày', 'Đến ngày']);
    expect(bundle.antd.DatePicker?.lang.placeholder).toBe('Chọn thời điểm');
    expect(bundle.antd.locale).toBe('vi');
  });
});
