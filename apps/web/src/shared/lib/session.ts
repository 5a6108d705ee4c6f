import { readCookie, removeCookie, writeCookie } from './cookies';

/**
 * The login token (SPEC sections 3 and 4): kept in sessionStorage `token` and a `token` cookie
 * that lasts 30 days, so a new tab of a logged-in browser is still logged in. The cookie is
 * also what authenticates the live event stream (GET /front/events: an EventSource sends no
 * headers), so it is SameSite=Strict: no other site's page or link ever sends it.
 */
const TOKEN_KEY = 'token';
export const TOKEN_COOKIE_DAYS = 30;

export function readToken(): string | undefined {
  // The login page is also rendered at build time, in Node (src/prerender), with no session.
  if (typeof window === 'undefined') return undefined;
  return window.sessionStorage.getItem(TOKEN_KEY) || readCookie(TOKEN_KEY) || undefined;
}

export function isLoggedIn(): boolean {
  return readToken() !== undefined;
}

export function storeToken(token: string) {
  window.sessionStorage.setItem(TOKEN_KEY, token);
  writeCookie(TOKEN_KEY, token, TOKEN_COOKIE_DAYS, { sameSite: 'Strict' });
}

/** Drop every trace of the session: all of sessionStorage (SPEC section 8) and the token cookie. */
export function clearSession() {
  window.sessionStorage.clear();
  removeCookie(TOKEN_KEY);
}
