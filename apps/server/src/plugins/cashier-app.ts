import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the hosted cashier's build (apps/cashier/dist, Vite base /pay/): its hashed files
 * under /pay/assets/ cached for a year (Brotli or gzip when the browser takes them), and its
 * page for /pay/{orderNo}, revalidated on every load so a new build shows at once. The page
 * loads scripts and styles from this origin only, so the app-wide CSP (plugins/security.ts)
 * applies as it is. Its own files never meet the back office's (/assets). Without a build the
 * cashier's page is not served (one warning); its API still is.
 */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export async function registerCashierApp(app: FastifyInstance, dir: string): Promise<void> {
  if (!existsSync(join(dir, 'index.html'))) {
    app.log.warn(
      { dir },
      'cashier not built (npm run build -w @tollgate/cashier): /pay/ pages are not served',
    );
    return;
  }
  await app.register(fastifyStatic, {
    root: join(dir, 'assets'),
    prefix: '/pay/assets/',
    // The web app's static plugin decorates the reply; a second instance must not.
    decorateReply: false,
    cacheControl: false,
    preCompressed: true,
    dotfiles: 'ignore',
    setHeaders: (reply) => {
      reply.header('cache-control', IMMUTABLE);
    },
  });
  // Read on each request, so a rebuilt cashier shows without a restart (it is small).
  app.get('/pay/:orderNo', { schema: { hide: true } }, async (_request, reply) =>
    reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(await readFile(join(dir, 'index.html'))),
  );
}
