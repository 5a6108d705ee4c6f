import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What the app's first load may import (issue 6, point 13): zod, the contracts barrel and its
 * schema modules only from form-fields.ts, which zod-rule.ts loads with the first validation;
 * a language bundle (or its dayjs locale) only through the loaders in locales/resources.ts. A static import of either
 * from anywhere else would pull zod, or all four languages, back into every page.
 */
const SRC = join(dirname(fileURLToPath(import.meta.url)), '../..');
const HEAVY = [
  'zod',
  '@tollgate/contracts',
  '@tollgate/contracts/account',
  '@tollgate/contracts/application',
  '@tollgate/contracts/validation',
];
const LOCALE_BUNDLE = /^(\.\.?\/)+(locales\/)?[a-z]{2}_[A-Z]{2}(\/(index|dayjs))?$/;

function listSources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return listSources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

/** Specifiers of the import and export-from declarations that load code (not `import type`). */
function staticImports(file: string): string[] {
  const source = readFileSync(file, 'utf8');
  const declarations = source.matchAll(/^(?:import|export)\s(?!type\s)[^;]*?from\s+'([^']+)'/gms);
  return [...declarations].map((match) => match[1] ?? '').filter(Boolean);
}

describe('first-load imports', () => {
  const sources = listSources(SRC).map((file) => ({
    file: relative(SRC, file),
    imports: staticImports(file),
  }));

  it('reads the sources (so the checks below can fail)', () => {
    expect(sources.find((s) => s.file === 'shared/lib/form-fields.ts')?.imports).toContain(
      '@tollgate/contracts/validation',
    );
  });

  it('imports zod and the contracts schemas only from the lazily loaded form-fields module', () => {
    const offenders = sources
      .filter((s) => s.file !== 'shared/lib/form-fields.ts')
      .flatMap((s) => s.imports.filter((name) => HEAVY.includes(name)).map((name) => `${s.file}: ${name}`));
    expect(offenders).toEqual([]);
    const formFieldsImporters = sources.filter((s) =>
      s.imports.some((name) => name.endsWith('/form-fields')),
    );
    expect(formFieldsImporters.map((s) => s.file)).toEqual([]);
  });

  it('loads a language bundle only through the locale loader', () => {
    const offenders = sources.filter((s) => s.imports.some((name) => LOCALE_BUNDLE.test(name)));
    expect(offenders.map((s) => s.file)).toEqual([]);
  });
});
