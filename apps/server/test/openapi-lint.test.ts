import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';

/**
 * The served OpenAPI document passes `redocly lint` with its recommended rules (redocly.yaml).
 * The committed docs/openapi.json is the same document (test/openapi.test.ts). The CLI is a
 * devDependency run offline: no telemetry, no update check, nothing fetched.
 */
const run = promisify(execFile);
const serverDir = join(dirname(fileURLToPath(import.meta.url)), '..');
const cli = join(dirname(createRequire(import.meta.url).resolve('@redocly/cli/package.json')), 'bin/cli.js');

/**
 * Warnings of the recommended rules left as they are: the project states no license, and a
 * call that cannot be refused (/health) or answers its refusals as 200 (epusdt) has no 4XX.
 */
const ACCEPTED_WARNINGS = new Set(['info-license', 'operation-4xx-response']);

interface LintProblem {
  ruleId: string;
  severity: 'error' | 'warn';
  message: string;
  location: { pointer: string }[];
}

let app: FastifyInstance;
let dir: string;
beforeAll(async () => {
  app = await buildTestApp({ env: { PUBLIC_URL: 'https://gateway.tollgate.test' } });
  dir = mkdtempSync(join(tmpdir(), 'openapi-lint-'));
});
afterAll(async () => {
  await app.close();
  rmSync(dir, { recursive: true, force: true });
});

async function lint(document: unknown): Promise<LintProblem[]> {
  const file = join(dir, 'openapi.json');
  writeFileSync(file, JSON.stringify(document));
  // Exit code 1 when there are errors: the JSON report is read either way.
  const result = await run(
    process.execPath,
    [
      cli,
      'lint',
      file,
      '--config',
      join(serverDir, 'redocly.yaml'),
      '--format',
      'json',
      '--max-problems',
      '1000',
    ],
    {
      cwd: dir,
      env: {
        PATH: process.env.PATH ?? '',
        HOME: dir,
        REDOCLY_TELEMETRY: 'off',
        REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
        REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
        CI: 'true',
      },
      maxBuffer: 64 * 1024 * 1024,
    },
  ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
  return (JSON.parse(result.stdout) as { problems: LintProblem[] }).problems;
}

const describeProblem = (p: LintProblem) =>
  `${p.severity} ${p.ruleId} ${p.location[0]?.pointer}: ${p.message}`;

describe('redocly lint of /api-docs/json', () => {
  it('passes the recommended rules: no error, no warning but the accepted ones', async () => {
    const document = (await app.inject({ url: '/api-docs/json' })).json();
    const problems = await lint(document);
    expect(problems.filter((p) => !ACCEPTED_WARNINGS.has(p.ruleId)).map(describeProblem)).toEqual([]);
    expect(problems.filter((p) => p.severity === 'error').map(describeProblem)).toEqual([]);
  }, 60_000);

  it('has servers, an operationId everywhere, security on every operation, unsigned amounts', async () => {
    const document = (await app.inject({ url: '/api-docs/json' })).json();
    expect(document.servers).toEqual([
      { url: 'https://gateway.tollgate.test', description: 'This server (PUBLIC_URL)' },
    ]);
    const ids: string[] = [];
    for (const [path, operations] of Object.entries(
      document.paths as Record<string, Record<string, { operationId?: string; security?: unknown[] }>>,
    )) {
      for (const [method, operation] of Object.entries(operations)) {
        expect(operation.operationId, `${method} ${path}`).toMatch(/^\w+$/);
        expect(Array.isArray(operation.security), `${method} ${path}`).toBe(true);
        ids.push(operation.operationId as string);
      }
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect(document.paths['/front/login'].post.security).toEqual([]);
    expect(document.paths['/health'].get.security).toEqual([]);
    const order =
      document.paths['/api/v1/collections'].post.responses['200'].content['application/json'].schema
        .properties.data.properties;
    expect(order.status.enum).toEqual(['pending', 'confirming', 'completed', 'expired']);
    expect(order.amount.pattern).toBe('^\\d{1,30}(\\.\\d{1,18})?$');
    const payout =
      document.paths['/api/v1/payouts'].post.responses['200'].content['application/json'].schema.properties
        .data.properties;
    expect(payout.status.enum).toEqual(['pending_review', 'processing', 'completed', 'failed', 'rejected']);
    const body = document.paths['/api/v1/collections'].post.requestBody.content['application/json'].schema;
    expect(body.properties.amount.pattern).toBe('^\\d{1,30}(\\.\\d{1,18})?$');
  });
});
