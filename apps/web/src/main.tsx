import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { Providers } from './app/providers';
import { createQueryClient } from './app/query-client';
import { router } from './app/router/router';
import { applyUiLocale } from './app/ui-locale';
import { initI18n } from './shared/lib/i18n';
import { readLanguage, storeLanguage } from './shared/lib/language';
import './app/styles.css';

const language = readLanguage();
storeLanguage(language);
applyUiLocale(language);
const i18n = initI18n(language);
const queryClient = createQueryClient();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <Providers queryClient={queryClient} i18n={i18n} language={language}>
      <RouterProvider router={router} />
    </Providers>
  </StrictMode>,
);
