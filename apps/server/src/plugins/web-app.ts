import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { resolveLanguage } from '@tollgate/contracts/languages';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { readCookies, TOKEN_COOKIE } from '../lib/cookies';

/**
 * Serves the built web app (apps/web/dist) from the same origin as the API. Vite names
 * everything under /assets by content hash, so those files are cached for a year; the rest,
 * index.html above all, is revalidated on every load so a new build shows at once.
 * Returns how to answer with index.html (the SPA fallback), or null when there is no build.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export type ServePage = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

/** The language cookie the web app writes (apps/web/src/shared/lib/language.ts). */
const LANG_COOKIE = 'lang';

export async function registerWebApp(app: FastifyInstance, dir: string): Promise<ServePage | null> {
  if (!existsSync(join(dir, 'index.html'))) {
    app.log.warn({ dir }, 'web app not built (npm run build -w @tollgate/web): serving the API only');
    return null;
  }
  await app.register(fastifyStatic, {
    root: dir,
    prefix: '/',
    cacheControl: false,
    // The build writes <file>.br and <file>.gz beside each script and stylesheet; send those
    // when the browser accepts them (Brotli first), the file as it is otherwise.
    preCompressed: true,
    // Nothing hidden leaves the build: the build stamp npm start keeps there (.build-stamp.json).
    dotfiles: 'ignore',
    setHeaders: (reply, filePath) => {
      reply.header('cache-control', filePath.includes(`${sep}assets${sep}`) ? IMMUTABLE : 'no-cache');
    },
  });
  // A browser asks for /favicon.ico on a page with no icon link of its own (a JSON answer, an
  // old bookmark): the app's icon answers, not a 404 in the console.
  const icon = join(dir, 'logo-mini.svg');
  if (existsSync(icon)) {
    app.get('/favicon.ico', { schema: { hide: true } }, async (_request, reply) =>
      reply
        .header('cache-control', 'public, max-age=86400')
        .type('image/svg+xml')
        .send(await readFile(icon)),
    );
  }
  // Read on each fallback (not sendFile, which re-enters the static route's not-found path),
  // so a rebuilt web app shows without a server restart.
  return async (request, reply) => {
    const prerendered = prerenderedPage(dir, request);
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8');
    if (!prerendered) return reply.send(await readFile(join(dir, 'index.html')));
    // The page depends on the cookies; a cache must not hand one visitor's to another.
    reply.header('vary', 'cookie, accept-encoding');
    const encoding = acceptedEncoding(request);
    if (encoding && existsSync(`${prerendered}.${encoding.extension}`)) {
      return reply
        .header('content-encoding', encoding.name)
        .send(await readFile(`${prerendered}.${encoding.extension}`));
    }
    return reply.send(await readFile(prerendered));
  };
}

/**
 * The login page rendered at build time (apps/web/build-plugins/prerender-login.ts), in the
 * language of the `lang` cookie, for /login asked by a browser without a session: it paints
 * before the app's scripts have loaded, and the app renders over it. A browser with a session
 * gets index.html, since the app sends it on from /login at once.
 */
function prerenderedPage(dir: string, request: FastifyRequest): string | undefined {
  const path = request.url.split('?')[0];
  if (path !== '/login') return undefined;
  const cookies = readCookies(request.headers.cookie);
  if (cookies.get(TOKEN_COOKIE)) return undefined;
  const language = resolveLanguage(cookies.get(LANG_COOKIE) ?? '');
  const file = join(dir, 'prerender', `login-${language}.html`);
  return existsSync(file) ? file : undefined;
}

function acceptedEncoding(request: FastifyRequest): { name: string; extension: string } | undefined {
  const accepted = String(request.headers['accept-encoding'] ?? '');
  if (/\bbr\b/.test(accepted)) return { name: 'br', extension: 'br' };
  if (/\bgzip\b/.test(accepted)) return { name: 'gzip', extension: 'gz' };
  return undefined;
}
