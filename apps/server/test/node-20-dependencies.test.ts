/**
 * The root package.json promises Node >= 20.19. Every installed package must say it runs
 * there (npm ci warns EBADENGINE otherwise), and the two that once did not, pinned back by
 * `overrides` (docs/decisions/2026-11-23-node-20-engines.md), still work where they are used:
 * content-disposition in @fastify/static's reply.download, cookie in light-my-request's inject.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import Fastify from 'fastify';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const repoRoot = new URL('../../../', import.meta.url).pathname;
const readJson = (path: string) => JSON.parse(readFileSync(join(repoRoot, path), 'utf8'));

describe('engines', () => {
  it('every package in the lock file supports the oldest Node the project promises', () => {
    const promised: string = readJson('package.json').engines.node;
    const oldest = semver.minVersion(promised)?.version;
    expect(oldest).toBe('20.19.0');
    const packages: Record<string, { version?: string; engines?: { node?: string } }> =
      readJson('package-lock.json').packages;
    const unsupported = Object.entries(packages)
      .filter(([path, entry]) => path !== '' && typeof entry.engines?.node === 'string')
      .filter(([, entry]) => !semver.satisfies(oldest ?? '', entry.engines?.node ?? '*'))
      .map(
        ([path, entry]) =>
          `${path.replace(/^.*node_modules\//, '')}@${entry.version} (${entry.engines?.node})`,
      );
    expect(unsupported).toEqual([]);
  });
});

describe('the pinned packages, where they are used', () => {
  it('content-disposition: reply.download names the file, UTF-8 included', async () => {
    const root = mkdtempSync(join(tmpdir(), 'tollgate-download-'));
    writeFileSync(join(root, 'statement.csv'), 'a,b\n');
    const app = Fastify();
    await app.register(fastifyStatic, { root, serve: false });
    app.get('/download', (_request, reply) => reply.download('statement.csv', 'räksmörgås 2026.csv'));
    try {
      const response = await app.inject({ url: '/download' });
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe('a,b\n');
      expect(response.headers['content-disposition']).toBe(
        `attachment; filename="r?ksm?rg?s 2026.csv"; filename*=UTF-8''r%C3%A4ksm%C3%B6rg%C3%A5s%202026.csv`,
      );
    } finally {
      await app.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('cookie: inject sends the cookies it is given', async () => {
    const app = Fastify();
    app.get('/echo', async (request) => ({ cookie: request.headers.cookie ?? null }));
    try {
      const response = await app.inject({ url: '/echo', cookies: { lang: 'en_US', theme: 'dark mode' } });
      expect(response.json()).toEqual({ cookie: 'lang=en_US; theme=dark%20mode' });
    } finally {
      await app.close();
    }
  });
});
