/**
 * The login token's cookie, as the web app writes it (apps/web/src/shared/lib/session.ts):
 * `token`, SameSite=Strict (Secure on https). The server reads it in two places only: the
 * prerendered login page (is there a session?) and the live event stream (GET /front/events),
 * which an EventSource cannot send a header to. Every other call takes `x-auth-token`.
 */
export const TOKEN_COOKIE = 'token';

/** `name=value` pairs of a Cookie header (RFC 6265 section 4.2); the first of a name wins. */
export function readCookies(header: string | undefined): Map<string, string> {
  const cookies = new Map<string, string>();
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const name = part.slice(0, at).trim();
    if (!name || cookies.has(name)) continue;
    const raw = part
      .slice(at + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
    try {
      cookies.set(name, decodeURIComponent(raw));
    } catch {
      cookies.set(name, raw);
    }
  }
  return cookies;
}
