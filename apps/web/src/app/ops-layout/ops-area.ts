import { loadOpsLocale } from '../../locales/ops-resources';
import { loadDateLocale } from '../../locales/resources';
import { readLanguage } from '../../shared/lib/language';
import { requireOpsLogin } from './require-ops-login';

/**
 * The console's entry, loaded when the browser first goes to /ops…: its login page or its
 * frame, each with the console's texts (ops.json) of the current language, the frame also with
 * dayjs's locale. The page modules and their dependencies are listed here, not in the app's
 * first chunk, so the merchant pages do not carry them (issue 6 weighs /login).
 */
export async function loadOpsLogin() {
  const [{ default: Component }] = await Promise.all([
    import('../../features/ops/routes/ops-login-page'),
    loadOpsLocale(readLanguage()),
  ]);
  return { Component };
}

export async function loadOpsFrame() {
  const language = readLanguage();
  const [{ OpsFrame }] = await Promise.all([
    import('./ops-frame'),
    loadOpsLocale(language),
    loadDateLocale(language),
  ]);
  // The guard comes with the frame: react-router runs a loader returned by `lazy` before rendering.
  return { loader: requireOpsLogin, Component: OpsFrame };
}
