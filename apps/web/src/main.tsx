import { loadLocale } from './locales/resources';
import { readLanguage, storeLanguage } from './shared/lib/language';
import './app/styles.css';

/**
 * Start-up in two parts that download side by side. This small entry reads the stored language
 * and asks for that language's bundle at once (only that one); meanwhile the app itself
 * (app/start-app.tsx: React, antd, the router, the login page) loads, its files already
 * preloaded by index.html (vite.config.ts). Once both are in, the app renders, translated from
 * the first paint. Asked for by the app, the bundle would wait until the whole app had loaded.
 */
const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const language = readLanguage();
storeLanguage(language);
Promise.all([loadLocale(language), import('./app/start-app')])
  .then(([locale, { startApp }]) => startApp(container, locale))
  .catch((error: unknown) => {
    // Without its language bundle the app cannot say anything translated; say it in all four.
    container.textContent =
      '页面加载失败，请刷新。 頁面載入失敗，請重新整理。 The page failed to load; please reload. Không tải được trang, vui lòng tải lại.';
    throw error;
  });
