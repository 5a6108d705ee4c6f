import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

/**
 * Security headers (the rate limits are in rate-limit.ts). No CORS plugin on purpose: the web
 * app is served from this same origin, so cross-origin calls stay refused by the browser.
 */
export async function registerSecurity(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
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
}
