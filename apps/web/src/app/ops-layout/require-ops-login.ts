import { type LoaderFunctionArgs, redirect } from 'react-router';
import { isOpsLoggedIn, OPS_LOGIN_PATH } from '../../shared/lib/ops-session';

/**
 * The console's guard: without an operator token in this tab, /ops/… goes to
 * /ops/login?redirect=<where it was going>. The merchant's token counts for nothing here.
 */
export function buildOpsLoginRedirect(url: URL): string {
  const target = `${url.pathname}${url.search}`;
  return target === '/ops' || target === '/ops/'
    ? OPS_LOGIN_PATH
    : `${OPS_LOGIN_PATH}?redirect=${encodeURIComponent(target)}`;
}

export function requireOpsLogin({ request }: LoaderFunctionArgs) {
  if (!isOpsLoggedIn()) throw redirect(buildOpsLoginRedirect(new URL(request.url)));
  return null;
}
