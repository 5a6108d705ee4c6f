/**
 * Tiny cookie helpers: every cookie we write is path=/, SameSite=Lax unless said otherwise, and
 * Secure when the page itself is on https (the address users reach: PUBLIC_URL).
 */
const DAY_SECONDS = 24 * 60 * 60;

export function readCookie(name: string): string | undefined {
  const prefix = `${name}=`;
  for (const part of document.cookie.split(';')) {
    const trimmed = part.trim();
    if (trimmed.startsWith(prefix)) return decodeURIComponent(trimmed.slice(prefix.length));
  }
  return undefined;
}

export function writeCookie(
  name: string,
  value: string,
  days: number,
  options: { sameSite?: 'Lax' | 'Strict' } = {},
) {
  const maxAge = Math.round(days * DAY_SECONDS);
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is async and missing in Firefox/Safari; these helpers are the one place that writes cookies.
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; max-age=${maxAge}; SameSite=${options.sameSite ?? 'Lax'}${secure}`;
}

export function removeCookie(name: string) {
  // Both forms: some engines ignore max-age=0 but honour a date in the past.
  // biome-ignore lint/suspicious/noDocumentCookie: see writeCookie.
  document.cookie = `${name}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
}
