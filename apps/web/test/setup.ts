import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach } from 'vitest';
import enUS from '../src/locales/en_US';
import { removeCookie } from '../src/shared/lib/cookies';
import { initI18n } from '../src/shared/lib/i18n';
import { forgetOpsSessionEnd } from '../src/shared/lib/ops-session';
import { forgetSessionEnd } from '../src/shared/lib/session';
import { assertNoActWarnings, watchActWarnings } from './act-warnings';

// React warns about state updates outside act() only when it knows it runs under a test
// runner. Testing Library sets this itself only with Vitest globals on, which this suite
// does not use; without it, updates landing while an act() is pending warn "not configured".
declare global {
  var IS_REACT_ACT_ENVIRONMENT: boolean | undefined;
}
globalThis.IS_REACT_ACT_ENVIRONMENT = true;

// findBy/waitFor give up after 1 s by default; on a busy 2-core machine an antd form's
// validation round can take longer than that. They still return as soon as the screen is right.
configure({ asyncUtilTimeout: 10_000 });

// Tests read English text; the app's own default (zh_CN) is covered by the locale parity test.
initI18n(enUS);

beforeEach(() => watchActWarnings());

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const name of ['token', 'lang']) removeCookie(name);
  forgetSessionEnd();
  forgetOpsSessionEnd();
  assertNoActWarnings();
});
