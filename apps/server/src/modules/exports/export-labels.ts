import type { Language } from '@tollgate/contracts';
import enUS from '../../locales/en_US/export.json';
import viVN from '../../locales/vi_VN/export.json';
import zhCN from '../../locales/zh_CN/export.json';
import zhTW from '../../locales/zh_TW/export.json';

/** The files' words (headers, statuses, file names) in the four languages, the same keys in each. */
export type ExportLabels = typeof zhCN;

const LABELS: Record<Language, ExportLabels> = { zh_CN: zhCN, zh_TW: zhTW, en_US: enUS, vi_VN: viVN };

export function exportLabels(lang: Language): ExportLabels {
  return LABELS[lang];
}

/** A status's label, or the value itself when the catalogue has none (never an empty cell). */
export function labelOf(labels: Record<string, string>, value: string | null): string {
  if (value === null) return '';
  return Object.hasOwn(labels, value) ? (labels[value] as string) : value;
}
