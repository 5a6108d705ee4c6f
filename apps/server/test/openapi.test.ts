import { readFileSync } from 'node:fs';
import { BASE_PATH, endpoints } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';

let app: FastifyInstance;
beforeAll(async () => {
  app = await buildTestApp();
});
afterAll(() => app.close());

describe('OpenAPI', () => {
  it('documents every contracts endpoint, tagged and summarised', async () => {
    const response = await app.inject({ url: '/api-docs/json' });
    expect(response.statusCode).toBe(200);
    const document = response.json();
    expect(document.openapi).toBe('3.1.0');
    for (const [name, endpoint] of Object.entries(endpoints)) {
      const operation = document.paths[`${BASE_PATH}${endpoint.path}`]?.[endpoint.method.toLowerCase()];
      expect(operation, `${endpoint.method} ${endpoint.path}`).toBeDefined();
      expect(operation.tags).toEqual([endpoint.tag]);
      expect(operation.summary).toBe(endpoint.summary);
      // The console's calls take the operator token, the others the merchant's, never both.
      const scheme = endpoint.auth === 'operator' ? 'opsToken' : 'authToken';
      // A public call says so: `security: []`.
      expect(operation.security).toEqual(endpoint.auth ? [{ [scheme]: [] }] : []);
      expect(operation.operationId).toBe(name);
      expect(operation.responses['200']).toBeDefined();
    }
    // Each body in the encoding SPEC section 7 gives its path.
    const contentOf = (path: string) => Object.keys(document.paths[path].post.requestBody.content);
    expect(contentOf('/front/login')).toEqual(['application/x-www-form-urlencoded']);
    expect(contentOf('/front/google/send')).toEqual(['application/json']);
    expect(contentOf('/front/otc/merchant-sys/login-info')).toEqual(['multipart/form-data']);
    const register = document.paths['/front/register/email'].post;
    expect(register.requestBody.content['application/x-www-form-urlencoded'].schema.required).toEqual([
      'email',
      'code',
      'password',
    ]);
    expect(document.components.securitySchemes.authToken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-auth-token',
    });
    expect(document.components.securitySchemes.opsToken).toEqual({
      type: 'apiKey',
      in: 'header',
      name: 'x-ops-token',
    });
  });

  it('matches the committed docs/openapi.json (run `npm run openapi -w @tollgate/server`)', async () => {
    const committed = JSON.parse(
      readFileSync(new URL('../../../docs/openapi.json', import.meta.url), 'utf8'),
    );
    expect((await app.inject({ url: '/api-docs/json' })).json()).toEqual(committed);
  });

  it('serves Swagger UI at /api-docs', async () => {
    const response = await app.inject({ url: '/api-docs/' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('swagger-ui-bundle.js');
  });
});
