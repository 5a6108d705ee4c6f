import type { Language } from '@tollgate/contracts';
import enUS from '../../locales/en_US/api-docs.json';
import viVN from '../../locales/vi_VN/api-docs.json';
import zhCN from '../../locales/zh_CN/api-docs.json';
import zhTW from '../../locales/zh_TW/api-docs.json';

/**
 * The documentation's words in the four languages. The prose has the same keys in each file;
 * `schema` maps each English description of the OpenAPI document (operation summaries and
 * descriptions, field descriptions) to its translation. en_US needs none: the English text is
 * the source. A missing translation falls back to the English, and the completeness test
 * (test/api-docs.test.ts) fails on it.
 */
export type DocsText = typeof enUS;

const TEXTS: Record<Language, DocsText> = {
  zh_CN: zhCN as DocsText,
  zh_TW: zhTW as DocsText,
  en_US: enUS,
  vi_VN: viVN as DocsText,
};

export function docsText(lang: Language): DocsText {
  return TEXTS[lang];
}

/**
 * An English schema text in `lang`, or undefined when the locale file lacks it. en_US has its
 * own file too (each text as itself), so that all four files hold the same keys and a text
 * missing in any language fails the same test.
 */
export function findSchemaText(lang: Language, english: string): string | undefined {
  const schema = TEXTS[lang].schema as Record<string, string>;
  return Object.hasOwn(schema, english) ? schema[english] : undefined;
}

export function schemaText(lang: Language, english: string): string {
  return findSchemaText(lang, english) ?? english;
}

export function fill(text: string, params: Record<string, string | number>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (whole, name: string) =>
    Object.hasOwn(params, name) ? String(params[name]) : whole,
  );
}
