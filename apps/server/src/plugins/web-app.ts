import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';

/**
 * Serves the built web app (apps/web/dist) from the same origin as the API. Vite names
 * everything under /assets by content hash, so those files are cached for a year; the rest,
 * index.html above all, is revalidated on every load so a new build shows at once.
 * Returns how to answer with index.html (the SPA fallback), or null when there is no build.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerWebApp(
  app: FastifyInstance,
  dir: string,
): Promise<((reply: FastifyReply) => Promise<FastifyReply>) | null> {
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
  return async (reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(join(dir, 'index.html')));
}
