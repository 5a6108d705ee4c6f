import type { OpsServerWarnings } from '@tollgate/contracts';
import type { Config } from '../../config';

/**
 * Settings that weaken a safety rule, said wherever someone running the server looks, for as long
 * as they are set: a line of the start banner (server.ts) and a red line on the operator
 * console's home (GET /front/ops/server-warnings). Today one: ALLOW_PRIVATE_CALLBACKS=1, meant
 * for tests and local development, lets callbacks reach private, loopback, link-local and CGNAT
 * addresses, so a merchant's callback URL can probe this server's own network.
 */
type WarningConfig = Pick<Config, 'allowPrivateCallbacks'>;

export const PRIVATE_CALLBACKS_BANNER =
  'ALLOW_PRIVATE_CALLBACKS=1: callbacks may reach private and loopback addresses (the SSRF guard is open). Never in production.';

export function serverWarningsOf(config: WarningConfig): OpsServerWarnings {
  return { warnings: config.allowPrivateCallbacks ? ['privateCallbacksAllowed'] : [] };
}

/** The banner lines for server.ts; none while no safety rule is weakened. */
export function describeServerWarnings(config: WarningConfig): string[] {
  return config.allowPrivateCallbacks ? [PRIVATE_CALLBACKS_BANNER] : [];
}
