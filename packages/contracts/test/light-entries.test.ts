import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ENDPOINT_ROUTES, endpoints } from '../src';

/**
 * The web app loads the light entries of package.json `exports` up front, so none of them may
 * reach zod, and only the money module may reach decimal.js: the zod schemas load only where a
 * form validates (issue 6, point 13).
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as {
  exports: Record<string, string>;
};
const LIGHT = [
  './languages',
  './errors',
  './endpoint-routes',
  './money',
  './messages/*',
  './application-limits',
  './records-limits',
];

/** Every bare package a module reaches through its relative imports. */
function packagesReachedFrom(file: string, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  if (seen.has(file) || !file.endsWith('.ts')) return found;
  seen.add(file);
  const source = readFileSync(file, 'utf8');
  for (const [, specifier] of source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms)) {
    if (!specifier) continue;
    if (!specifier.startsWith('.')) found.add(specifier);
    else {
      const target = resolve(dirname(file), specifier);
      for (const name of packagesReachedFrom(target.endsWith('.json') ? target : `${target}.ts`, seen))
        found.add(name);
    }
  }
  return found;
}

describe('light contracts entries', () => {
  it.each(LIGHT)('%s loads without zod', (entry) => {
    const target = manifest.exports[entry];
    expect(target, `exports["${entry}"]`).toBeDefined();
    if (!target?.endsWith('.ts')) return; // a JSON catalogue imports nothing
    const reached = packagesReachedFrom(join(root, target));
    expect([...reached].filter((name) => name !== 'decimal.js' || entry !== './money')).toEqual([]);
  });

  it('finds zod where it is, so the check above can fail', () => {
    expect(packagesReachedFrom(join(root, 'src/account.ts'))).toContain('zod');
  });

  it('every endpoint takes method, path, encoding and auth from its zod-free route of the same name', () => {
    expect(Object.keys(endpoints).sort()).toEqual(Object.keys(ENDPOINT_ROUTES).sort());
    for (const [name, route] of Object.entries(ENDPOINT_ROUTES)) {
      expect(endpoints[name as keyof typeof endpoints]).toMatchObject(route);
    }
    const paths = Object.values(ENDPOINT_ROUTES).map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
  });
});
