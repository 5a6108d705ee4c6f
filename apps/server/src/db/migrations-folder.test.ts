import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { findRepoRoot } from '../config';
import { findMigrationsFolder } from './migrations-folder';

const here = dirname(fileURLToPath(import.meta.url));
const serverDir = join(here, '..', '..');

describe('locating files from src/ or dist/', () => {
  it('finds apps/server/drizzle from src/db and from dist', () => {
    expect(findMigrationsFolder(here)).toBe(join(serverDir, 'drizzle'));
    expect(findMigrationsFolder(join(serverDir, 'dist'))).toBe(join(serverDir, 'drizzle'));
  });

  it('says so when there are no migrations above', () => {
    const empty = mkdtempSync(join(tmpdir(), 'tollgate-no-migrations-'));
    try {
      expect(() => findMigrationsFolder(empty)).toThrow(/no drizzle\/meta\/_journal.json above/);
    } finally {
      rmSync(empty, { recursive: true });
    }
  });

  it('finds the monorepo root (the package.json with workspaces)', () => {
    expect(findRepoRoot(serverDir)).toBe(join(serverDir, '..', '..'));
    expect(findRepoRoot(tmpdir())).toBeNull();
  });
});
