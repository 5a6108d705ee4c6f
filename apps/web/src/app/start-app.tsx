import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import type { LocaleBundle } from '../locales/catalogue';
import { initI18n } from '../shared/lib/i18n';
import { Providers } from './providers';
import { createQueryClient } from './query-client';
import { router } from './router/router';
import { applyUiLocale } from './ui-locale';

/**
 * The app's start, once main.tsx has the language bundle: the document and i18n take the
 * language, then React renders. The router was created on import, so the first route's data
 * is already on its way. The render is a transition: React works on it in slices and yields
 * to the browser between them, instead of holding the main thread for the whole first render.
 */
export function startApp(container: HTMLElement, locale: LocaleBundle) {
  applyUiLocale(locale);
  const i18n = initI18n(locale);
  const root = createRoot(container);
  startTransition(() => {
    root.render(
      <StrictMode>
        <Providers queryClient={createQueryClient()} i18n={i18n} antdLocale={locale.antd}>
          <RouterProvider router={router} />
        </Providers>
      </StrictMode>,
    );
  });
}
