import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The migrations live in apps/server/drizzle. This module runs from src/db (tsx, vitest) or
 * inlined into dist/server.js (esbuild), so walk up from wherever it runs to the first
 * directory holding drizzle/meta/_journal.json instead of hard-coding a relative path.
 */
export function findMigrationsFolder(start = dirname(fileURLToPath(import.meta.url))): string {
  let dir = start;
  for (;;) {
    const candidate = join(dir, 'drizzle');
    if (existsSync(join(candidate, 'meta', '_journal.json'))) return candidate;
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`no drizzle/meta/_journal.json above ${start}`);
    dir = parent;
  }
}
