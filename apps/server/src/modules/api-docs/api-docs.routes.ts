import { isLanguage, type Language, resolveLanguage } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  type CachedRepresentation,
  cacheRepresentation,
  sendRepresentation,
} from '../../lib/cached-representation';
import { readCookies } from '../../lib/cookies';
import { CALLBACK_TIMEOUT_MS } from '../callbacks/callback-http';
import { type OpenApiDocument, readOperations } from './api-docs-model';
import { renderApiDocsPage } from './api-docs-page';
import { API_DOCS_PATH } from './api-docs-path';
import { DOCS_SCRIPT } from './docs-script';

/**
 * GET /docs/api: the merchant API documentation, public, server-rendered from the OpenAPI
 * document the app builds (so it is read once the routes are all in: on the first request).
 * Language: `?lang=`, else the `lang` cookie the back office writes, else zh_CN. Each
 * language's page is rendered once and kept, with its Brotli and gzip forms and an ETag: it
 * depends on nothing but the code and config (~120 KB of HTML, about 15 KB over the wire).
 * Browsers and proxies keep it 5 minutes, then revalidate (a 304 when unchanged).
 * GET /docs/api/docs.js: the copy buttons (the CSP allows same-origin scripts only).
 */
/**
 * The back office's signature check tool: the applications page opens it from this query (a
 * login is asked first).
 */
export const SIGNATURE_TOOL_PATH = '/application?tool=signature';

const CACHE_CONTROL = 'public, max-age=300';

function pageLanguage(request: FastifyRequest): Language {
  const query = request.query as { lang?: unknown };
  if (typeof query.lang === 'string' && query.lang !== '') return resolveLanguage(query.lang);
  const cookie = readCookies(request.headers.cookie).get('lang');
  return isLanguage(cookie) ? cookie : resolveLanguage(cookie ?? '');
}

export function registerApiDocsRoutes(app: FastifyInstance): void {
  const pages = new Map<Language, CachedRepresentation>();
  const render = (lang: Language) => {
    let page = pages.get(lang);
    if (page === undefined) {
      const html = renderApiDocsPage({
        lang,
        operations: readOperations(app.swagger() as unknown as OpenApiDocument),
        publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
        signatureToolUrl: SIGNATURE_TOOL_PATH,
        callbackRetryDelaysMs: app.config.callbackRetryDelaysMs,
        callbackTimeoutMs: CALLBACK_TIMEOUT_MS,
        apiRateLimit: app.config.apiRateLimit,
      });
      page = cacheRepresentation(html, 'text/html; charset=utf-8');
      pages.set(lang, page);
    }
    return page;
  };
  const script = cacheRepresentation(DOCS_SCRIPT, 'text/javascript; charset=utf-8');

  app.get(API_DOCS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const lang = pageLanguage(request);
    return sendRepresentation(request, reply, render(lang), {
      'content-language': lang.replace('_', '-'),
      'cache-control': CACHE_CONTROL,
      // Without ?lang= the page follows the lang cookie.
      vary: 'cookie',
    });
  });
  app.get(`${API_DOCS_PATH}/docs.js`, { schema: { hide: true } }, async (request, reply) =>
    sendRepresentation(request, reply, script, { 'cache-control': CACHE_CONTROL }),
  );
}
