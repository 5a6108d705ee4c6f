import { getCountries, getCountryCallingCode, parsePhoneNumberFromString } from 'libphonenumber-js';

/**
 * Phone numbers as stored and looked up: the dial code digits ("86") and the national number
 * as libphonenumber-js normalizes it, so "0901 234 567" and "901234567" under 84 are one
 * number. Metadata ships inside the package; nothing is fetched.
 */
const DIAL_CODES = new Set(getCountries().map((iso) => getCountryCallingCode(iso)));

export function isKnownDialCode(countryCode: string): boolean {
  return DIAL_CODES.has(countryCode);
}

export interface NormalizedPhone {
  national: string;
  isValid: boolean;
}

export function normalizePhone(countryCode: string, phone: string): NormalizedPhone {
  const digits = phone.replace(/\D/g, '');
  const parsed = isKnownDialCode(countryCode)
    ? parsePhoneNumberFromString(digits, { defaultCallingCode: countryCode })
    : undefined;
  if (!parsed || parsed.countryCallingCode !== countryCode) return { national: digits, isValid: false };
  return { national: parsed.nationalNumber, isValid: parsed.isValid() };
}
