import { loadLocale } from './locales/resources';
import { readLanguage, storeLanguage } from './shared/lib/language';
import './app/styles.css';

/**
 * When the server sent the page already rendered (/login, see build-plugins/prerender-login.ts),
 * let the browser show it before the app's code runs: evaluating the app and its first render
 * hold the main thread for a while, and the page should be on screen meanwhile. Resolves once
 * the first contentful paint is reported (presented, not only drawn), at once without a
 * prerendered page, and after 500 ms at most (a background tab paints nothing until shown).
 */
function afterPrerenderedPaint(root: HTMLElement): Promise<void> {
  if (!root.querySelector(':scope > [data-prerendered]')) return Promise.resolve();
  return new Promise((resolve) => {
    let observer: PerformanceObserver | undefined;
    const done = () => {
      observer?.disconnect();
      resolve();
    };
    if (PerformanceObserver.supportedEntryTypes?.includes('paint')) {
      observer = new PerformanceObserver((list) => {
        if (list.getEntriesByName('first-contentful-paint').length > 0) done();
      });
      observer.observe({ type: 'paint', buffered: true });
    } else {
      requestAnimationFrame(() => setTimeout(done, 0));
    }
    setTimeout(done, 500);
  });
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const language = readLanguage();
storeLanguage(language);
afterPrerenderedPaint(container)
  .then(() => Promise.all([loadLocale(language), import('./app/start-app')]))
  .then(([locale, { startApp }]) => startApp(container, locale))
  .catch((error: unknown) => {
    // Without its language bundle the app cannot say anything translated; say it in all four.
    container.textContent =
      '页面加载失败，请刷新。 頁面載入失敗，請重新整理。 The page failed to load; please reload. Không tải được trang, vui lòng tải lại.';
    throw error;
  });
