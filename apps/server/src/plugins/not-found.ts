import { API_BASE_PATH, BASE_PATH, ErrorCode, endpoints } from '@tollgate/contracts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createErrorEnvelope } from '../lib/envelope';
import type { ServePage } from './web-app';

/**
 * Requests no route answers. API paths get an envelope: 1005 when the path exists with
 * another method only, else 404. Other GETs of a browser are the single-page app's own routes
 * (/dashboard, /merchant/info, ...): they get index.html so a reload lands on the right page;
 * a missing file (/assets/x.js) stays a 404.
 */
const API_PREFIXES = [BASE_PATH, API_BASE_PATH, '/api-docs', '/health'];

const METHODS_BY_PATH = new Map<string, string[]>();
for (const endpoint of Object.values(endpoints)) {
  const path = `${BASE_PATH}${endpoint.path}`;
  METHODS_BY_PATH.set(path, [...(METHODS_BY_PATH.get(path) ?? []), endpoint.method]);
}

/**
 * In any case: the router is case-sensitive, so /FRONT/login or /Health reach no route, and
 * they must be answered as the API paths they look like (a 404 envelope), not as a page.
 */
export function isApiPath(path: string): boolean {
  const lower = path.toLowerCase();
  return API_PREFIXES.some((prefix) => lower === prefix || lower.startsWith(`${prefix}/`));
}

/** A page is asked for by a browser (text/html), or by any client for a path without a file extension. */
function wantsPage(request: FastifyRequest, path: string): boolean {
  const isRead = request.method === 'GET' || request.method === 'HEAD';
  const looksLikeFile = /\.[a-z0-9]+$/i.test(path);
  const acceptsHtml = (request.headers.accept ?? '').includes('text/html');
  return isRead && !isApiPath(path) && (acceptsHtml || !looksLikeFile);
}

export function registerNotFound(app: FastifyInstance, serveIndex: ServePage | null) {
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    if (serveIndex && wantsPage(request, path)) return serveIndex(request, reply);
    const allowed = METHODS_BY_PATH.get(path);
    // A contract's endpoint with this very method that this server does not register (devnet
    // calls in live mode) does not exist here: 404, not 405.
    if (allowed && !allowed.includes(request.method)) {
      return reply
        .code(405)
        .header('allow', allowed.join(', '))
        .send(createErrorEnvelope(request.lang, ErrorCode.METHOD_NOT_ALLOWED));
    }
    return reply.code(404).send(createErrorEnvelope(request.lang, ErrorCode.NOT_FOUND));
  });
}
