/**
 * Where /ops/login goes after sign-in: `?redirect=` when it is a console path (never outside
 * /ops, nor back to the login itself), else the review queue.
 */
export const OPS_DEFAULT_TARGET = '/ops/queue';

export function resolveOpsRedirect(search: string): string {
  const target = new URLSearchParams(search).get('redirect') ?? '';
  const isConsolePath = /^\/ops(\/|$)/.test(target) && !target.startsWith('//');
  if (!isConsolePath || target.startsWith('/ops/login')) return OPS_DEFAULT_TARGET;
  return target;
}
