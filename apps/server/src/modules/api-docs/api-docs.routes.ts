import { isLanguage, type Language, resolveLanguage } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
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
 * language's page is rendered once and kept: it depends on nothing but the code and config.
 * GET /docs/api/docs.js: the copy buttons (the CSP allows same-origin scripts only).
 */
/** The back office's applications page, where the signature check tool is (a login is asked first). */
export const SIGNATURE_TOOL_PATH = '/application';

function pageLanguage(request: FastifyRequest): Language {
  const query = request.query as { lang?: unknown };
  if (typeof query.lang === 'string' && query.lang !== '') return resolveLanguage(query.lang);
  const cookie = readCookies(request.headers.cookie).get('lang');
  return isLanguage(cookie) ? cookie : resolveLanguage(cookie ?? '');
}

export function registerApiDocsRoutes(app: FastifyInstance): void {
  const pages = new Map<Language, string>();
  const render = (lang: Language) => {
    let page = pages.get(lang);
    if (page === undefined) {
      page = renderApiDocsPage({
        lang,
        operations: readOperations(app.swagger() as unknown as OpenApiDocument),
        publicUrl: app.config.publicUrl.replace(/\/+$/, ''),
        signatureToolUrl: SIGNATURE_TOOL_PATH,
        callbackRetryDelaysMs: app.config.callbackRetryDelaysMs,
        callbackTimeoutMs: CALLBACK_TIMEOUT_MS,
      });
      pages.set(lang, page);
    }
    return page;
  };

  app.get(API_DOCS_PATH, { schema: { hide: true } }, async (request, reply) => {
    const lang = pageLanguage(request);
    return reply
      .header('content-type', 'text/html; charset=utf-8')
      .header('content-language', lang.replace('_', '-'))
      .header('cache-control', 'public, max-age=300')
      .header('vary', 'cookie')
      .send(render(lang));
  });
  app.get(`${API_DOCS_PATH}/docs.js`, { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('content-type', 'text/javascript; charset=utf-8')
      .header('cache-control', 'public, max-age=300')
      .send(DOCS_SCRIPT),
  );
}
