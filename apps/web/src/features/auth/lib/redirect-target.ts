/**
 * Where to go after login: the `redirect` query parameter when it is a path of this app, else
 * the dashboard. Anything else (another origin, `//host`, the login page itself) is ignored.
 */
export const DEFAULT_AFTER_LOGIN = '/dashboard';

export function resolveRedirectTarget(search: string): string {
  const target = new URLSearchParams(search).get('redirect');
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) {
    return DEFAULT_AFTER_LOGIN;
  }
  if (target === '/login' || target.startsWith('/login?') || target === '/') return DEFAULT_AFTER_LOGIN;
  return target;
}
