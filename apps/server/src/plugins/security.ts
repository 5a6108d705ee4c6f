import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Security headers (the rate limits are in rate-limit.ts). No CORS plugin on purpose: the web
 * app is served from this same origin, so cross-origin calls stay refused by the browser.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  const headers = computeHelmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // antd writes its styles at run time (CSS-in-JS), which needs inline styles.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
    },
    // The same rule as the CSP's frame-ancestors 'none', for browsers that only read this header.
    frameguard: { action: 'deny' },
    // HSTS only means something over https; on plain http it would only confuse.
    hsts: app.config.publicUrl.startsWith('https:'),
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}

/**
 * Helmet's headers depend on nothing but these options (no nonces, no per-request
 * directives), so they are worked out once at start. @fastify/helmet rebuilt the whole
 * middleware, parsing the CSP again, on every request: a third of the CPU of an
 * authenticated call (docs/decisions/2026-11-23-authenticated-path-bench.md).
 */
function computeHelmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  // Helmet only ever sets and removes response headers; a recorder is all it needs.
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}
