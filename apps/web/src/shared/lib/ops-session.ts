import type { OPS_TOKEN_HEADER } from '@tollgate/contracts';

/**
 * The operator console's token (issue 8), apart from the merchant's: its own sessionStorage
 * key and no cookie, so it lives in one tab and never rides along with a merchant call (the
 * HTTP client sends it only on /ops calls, in its own header).
 */
const OPS_TOKEN_KEY = 'opsToken';
export const OPS_LOGIN_PATH = '/ops/login';
/** The header's name is the contract's (a type check), written here to keep zod off the first load. */
export const OPS_TOKEN_HEADER_NAME: typeof OPS_TOKEN_HEADER = 'x-ops-token';

export function readOpsToken(): string | undefined {
  return window.sessionStorage.getItem(OPS_TOKEN_KEY) || undefined;
}

export function isOpsLoggedIn(): boolean {
  return readOpsToken() !== undefined;
}

/** As the merchant's (session.ts): the console ended its session here, and no login came since. */
let hasEnded = false;

export function hasOpsSessionEnded(): boolean {
  return hasEnded && readOpsToken() === undefined;
}

/** For tests, which share one module between cases. */
export function forgetOpsSessionEnd() {
  hasEnded = false;
}

export function storeOpsToken(token: string) {
  hasEnded = false;
  window.sessionStorage.setItem(OPS_TOKEN_KEY, token);
}

/** Forget the operator's session only; a merchant session in the same browser stays. */
export function clearOpsSession() {
  hasEnded = true;
  window.sessionStorage.removeItem(OPS_TOKEN_KEY);
}

/** Whether a /front path is one of the console's (its login included). */
export function isOpsPath(path: string): boolean {
  return path === '/ops' || path.startsWith('/ops/');
}
