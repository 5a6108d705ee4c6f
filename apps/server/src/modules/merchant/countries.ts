import type { Country, Language } from '@tollgate/contracts';
import { getCountries, getCountryCallingCode } from 'libphonenumber-js';
import { toLocaleTag } from '../../lib/locale-tags';

/**
 * The phone tab's country list: every region libphonenumber-js knows, with its dial code,
 * named in the request's language (Intl.DisplayNames, from Node's ICU) and sorted by that
 * name as the language sorts. Built once per language.
 */
const cache = new Map<Language, Country[]>();

export function listCountries(lang: Language): Country[] {
  const cached = cache.get(lang);
  if (cached) return cached;
  const locale = toLocaleTag(lang);
  const names = new Intl.DisplayNames([locale], { type: 'region', fallback: 'code' });
  const collator = new Intl.Collator(locale);
  const list = getCountries()
    .map((iso) => ({ iso, name: names.of(iso) ?? iso, countryCode: getCountryCallingCode(iso) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  cache.set(lang, list);
  return list;
}
