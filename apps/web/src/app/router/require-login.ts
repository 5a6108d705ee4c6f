import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isLoggedIn } from '../../shared/lib/session';

/**
 * The login guard (SPEC section 2): a route that needs login sends the browser to
 * /login?redirect=<where it was going> when no token is in sessionStorage or the cookie.
 */
export function buildLoginRedirect(url: URL): string {
  const target = `${url.pathname}${url.search}`;
  return target === '/' ? '/login' : `/login?redirect=${encodeURIComponent(target)}`;
}

export function requireLogin({ request }: LoaderFunctionArgs) {
  if (!isLoggedIn()) throw redirect(buildLoginRedirect(new URL(request.url)));
  return null;
}
