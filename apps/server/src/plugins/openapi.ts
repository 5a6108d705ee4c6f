import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
// Imported (not read from disk) so that the esbuild bundle carries it.
import serverPackage from '../../package.json';

/**
 * The OpenAPI document, generated from the same zod schemas that validate the requests
 * (contracts), served at /api-docs/json with Swagger UI at /api-docs. Must be registered
 * before the routes: it collects them as they are added.
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
          'also accepts `v` (a timestamp).',
      },
      tags: [
        { name: 'auth', description: 'Log in and out, login codes, the country list, token checks' },
        { name: 'registration', description: 'Create an account with an emailed code' },
        { name: 'password', description: 'Forgot password and change password' },
        { name: 'google', description: 'Bind and unbind Google Authenticator' },
        { name: 'merchant', description: 'The logged-in merchant: profile, login history, phone, balances' },
        { name: 'config', description: 'Reference data: chains, currencies, exchange rates' },
        { name: 'system', description: 'Liveness' },
      ],
      components: {
        securitySchemes: { authToken: { type: 'apiKey', in: 'header', name: 'x-auth-token' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs' });
}
