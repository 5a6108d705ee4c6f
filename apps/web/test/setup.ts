import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { removeCookie } from '../src/shared/lib/cookies';
import { initI18n } from '../src/shared/lib/i18n';

// Tests read English text; the app's own default (zh_CN) is covered by the locale parity test.
initI18n('en_US');

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  window.localStorage.clear();
  for (const name of ['token', 'lang']) removeCookie(name);
});
