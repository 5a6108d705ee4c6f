import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { OPS_TOKEN_HEADER } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
// Imported (not read from disk) so that the esbuild bundle carries it.
import serverPackage from '../../package.json';
import { registerApiDocsRoutes } from '../modules/api-docs/api-docs.routes';
import { API_DOCS_PATH } from '../modules/api-docs/api-docs-path';
import { EPUSDT_TAG } from '../modules/epusdt/epusdt-docs';
import {
  API_SECURITY_SCHEMES,
  MERCHANT_API_TAG,
  SAMPLE_PLACEHOLDERS,
} from '../modules/merchant-api/api-docs';

/**
 * The OpenAPI document, generated from the same zod schemas that validate the requests
 * (contracts), served at /api-docs/json with Swagger UI at /api-docs. Must be registered
 * before the routes: it collects them as they are added. The readable merchant API documentation
 * (/docs/api, modules/api-docs) is rendered from this same document.
 */
export async function registerOpenApi(app: FastifyInstance): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Tollgate merchant back office API',
        version: serverPackage.version,
        description:
          'Every /front call answers `{ code, data, message }`; `code` 0 is success. `message` is in the ' +
          'language of the `lang` header, else of the `langCode` parameter, else zh_CN. Every call ' +
          'also accepts `v` (a timestamp). The merchant API for your own server lives under /api/v1 ' +
          '(tag merchant-api): signed requests, described with examples in that tag. Step-by-step ' +
          `documentation of it in four languages, with examples of every call: [${API_DOCS_PATH}](${API_DOCS_PATH}).`,
      },
      // The committed docs/openapi.json names the examples' placeholder; the served document this
      // server's PUBLIC_URL (the placeholder is replaced below, as in the examples).
      servers: [{ url: SAMPLE_PLACEHOLDERS.baseUrl, description: 'This server (PUBLIC_URL)' }],
      tags: [
        { name: 'auth', description: 'Log in and out, login codes, the country list, token checks' },
        { name: 'registration', description: 'Create an account with an emailed code' },
        { name: 'password', description: 'Forgot password and change password' },
        { name: 'google', description: 'Bind and unbind Google Authenticator' },
        { name: 'merchant', description: 'The logged-in merchant: profile, login history, phone, balances' },
        { name: 'config', description: 'Reference data: chains, currencies, exchange rates' },
        {
          name: 'applications',
          description: 'My applications: APPID, APPSECRET, callback URL, IP whitelist',
        },
        { name: 'uploads', description: 'Signed upload policies and the upload itself (application icons)' },
        {
          name: 'assets',
          description:
            'Assets: deposit addresses, the devnet simulated deposit, deposit and withdrawal records',
        },
        {
          name: 'records',
          description: 'Collection and payout records (orders, transfers, deliveries) and the fund flow',
        },
        {
          name: 'report',
          description:
            'Reports: bill, recharge, withdrawal, collection and payment, per day (Asia/Shanghai) and currency, with USDT totals',
        },
        {
          name: 'callbacks',
          description:
            "Callbacks to the merchant's server: resend an order's notification, send an application a test event",
        },
        {
          name: 'notice',
          description:
            'System notices: the list and its search, one notice (marks it read), the unread count',
        },
        { name: 'system', description: 'Liveness' },
        {
          name: 'ops',
          description:
            'The operator console (x-ops-token): review queue, merchants, fees and rates, notices, audit log',
        },
        MERCHANT_API_TAG,
        EPUSDT_TAG,
      ],
      components: {
        securitySchemes: {
          authToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' },
          // The live event stream only (an EventSource sends no headers): the same token.
          tokenCookie: { type: 'apiKey', in: 'cookie', name: 'token' },
          // The operator console's token (tag ops): a session apart from the merchants'.
          opsToken: { type: 'apiKey', in: 'header', name: OPS_TOKEN_HEADER },
          ...API_SECURITY_SCHEMES,
        },
      },
    },
    transform: jsonSchemaTransform,
  });
  // The examples are written for http://localhost:8080 (the committed docs/openapi.json keeps
  // that); the served document gives them this server's PUBLIC_URL, as /docs/api does, so a copied
  // example reaches this server.
  const placeholder = JSON.stringify(SAMPLE_PLACEHOLDERS.baseUrl).slice(1, -1);
  const publicUrl = JSON.stringify(app.config.publicUrl.replace(/\/+$/, '')).slice(1, -1);
  let served: Record<string, unknown> | undefined;
  await app.register(swaggerUi, {
    routePrefix: '/api-docs',
    transformSpecificationClone: false,
    transformSpecification: (document) => {
      served ??= JSON.parse(JSON.stringify(document).replaceAll(placeholder, publicUrl));
      return served as Record<string, unknown>;
    },
  });
  registerApiDocsRoutes(app);
}
