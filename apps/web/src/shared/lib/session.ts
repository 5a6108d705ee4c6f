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

/**
 * Whether this page ended its session (logout, or the server said 401/4000) and no login came
 * since. The HTTP client then sends no call that needs the session: whatever still asks (a poll,
 * a refetch as the shell unmounts, the live stream's check) would only draw another 401.
 */
let hasEnded = false;

export function hasSessionEnded(): boolean {
  return hasEnded && readToken() === undefined;
}

/** For tests, which share one module between cases: start as a page that never logged out. */
export function forgetSessionEnd() {
  hasEnded = false;
}

export function storeToken(token: string) {
  hasEnded = false;
  window.sessionStorage.setItem(TOKEN_KEY, token);
  writeCookie(TOKEN_KEY, token, TOKEN_COOKIE_DAYS, { sameSite: 'Strict' });
}

/** Drop every trace of the session: all of sessionStorage (SPEC section 8) and the token cookie. */
export function clearSession() {
  hasEnded = true;
  window.sessionStorage.clear();
  removeCookie(TOKEN_KEY);
}
