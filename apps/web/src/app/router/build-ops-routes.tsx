import type { RouteObject } from 'react-router';
import { OPS_LOGIN_PATH } from '../../shared/lib/ops-session';
import { trackRouteLoad } from './route-loading';

/**
 * The console's two entries in the app's router, beside the merchant's shell: /ops/login on
 * its own, and /ops/* for its frame, which brings its guard (the operator token) and picks the
 * page from the console's route table (app/ops-layout). Both load through one small module, so the app's first chunk holds
 * these few lines and no list of the console's files (issue 6: /login must not grow).
 */
const loadOpsArea = () => trackRouteLoad(import('../ops-layout/ops-area'));

export function buildOpsRouteObjects(): RouteObject[] {
  return [
    { path: OPS_LOGIN_PATH, lazy: async () => trackRouteLoad((await loadOpsArea()).loadOpsLogin()) },
    {
      id: 'ops',
      path: '/ops/*',
      lazy: async () => trackRouteLoad((await loadOpsArea()).loadOpsFrame()),
    },
  ];
}
