import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { router } from './app/router/router';
import { applyUiLocale } from './app/ui-locale';
import { loadLocale } from './locales/resources';
import { initI18n } from './shared/lib/i18n';
import { readLanguage, storeLanguage } from './shared/lib/language';
import './app/styles.css';

/**
 * Start-up: the stored language's bundle loads (only that one), then the app renders already
 * translated. The router was created on import, so the first route's module and loader are
 * fetched at the same time as the bundle.
 */
async function startApp(container: HTMLElement) {
  const language = readLanguage();
  storeLanguage(language);
  const locale = await loadLocale(language);
  applyUiLocale(locale);
  const i18n = initI18n(locale);
  createRoot(container).render(
    <StrictMode>
      <Providers queryClient={createQueryClient()} i18n={i18n} antdLocale={locale.antd}>
        <RouterProvider router={router} />
      </Providers>
    </StrictMode>,
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
startApp(container).catch((error: unknown) => {
  // Without its language bundle the app cannot say anything translated; say it in all four.
  container.textContent =
    '页面加载失败，请刷新。 頁面載入失敗，請重新整理。 The page failed to load; please reload. Không tải được trang, vui lòng tải lại.';
  throw error;
});
