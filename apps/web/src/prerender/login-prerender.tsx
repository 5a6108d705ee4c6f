import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';
import type { Language } from '@tollgate/contracts/languages';
import { renderToString } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { Providers } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { HTML_LANGS } from '../app/ui-locale';
import LoginPage from '../features/auth/routes/login-page';
import { loadLocale } from '../locales/resources';
import { i18n, initI18n } from '../shared/lib/i18n';

/**
 * The login page rendered at build time (build-plugins/prerender-login.ts builds this module for
 * Node and calls it once per language), so the server can send a visitor the page itself instead
 * of an empty #root: the browser paints the form as soon as the HTML and its stylesheets are in,
 * while the app's scripts load. The app then renders the same page over it (see main.tsx).
 */
export { LANGUAGES } from '@tollgate/contracts/languages';

export interface PrerenderedPage {
  /** The `lang` of the document. */
  htmlLang: string;
  /** The document's title, as the page sets it. */
  title: string;
  /** What React renders into #root. */
  html: string;
  /** antd's design tokens as CSS variables, which antd otherwise writes at run time. */
  css: string;
}

export async function renderLoginPage(language: Language): Promise<PrerenderedPage> {
  const locale = await loadLocale(language);
  // One i18next instance serves the whole run (the app keeps one per page); each language is
  // added to it and switched to in turn.
  initI18n(locale);
  i18n.addResourceBundle(language, 'translation', locale.catalogue, true, true);
  await i18n.changeLanguage(language);
  const cache = createCache();
  const html = renderToString(
    <StyleProvider cache={cache}>
      <Providers queryClient={createQueryClient()} i18n={i18n} antdLocale={locale.antd}>
        <MemoryRouter initialEntries={['/login']}>
          <LoginPage />
        </MemoryRouter>
      </Providers>
    </StyleProvider>,
  );
  return {
    htmlLang: HTML_LANGS[language],
    title: `${i18n.t('login.title')} - ${i18n.t('common.appName')}`,
    html,
    css: extractStyle(cache, { plain: true }),
  };
}
