// Bundles the server into dist/server.js. npm dependencies stay external (node_modules is
// there at run time, and native or wasm packages such as argon2 and PGlite must not be
// bundled); @tollgate/contracts is bundled because its package exports TypeScript source.
import { readFileSync } from 'node:fs';
import { build } from 'esbuild';

const manifest = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(manifest.dependencies).filter((name) => name !== '@tollgate/contracts');

await build({
  entryPoints: [new URL('../src/server.ts', import.meta.url).pathname],
  outfile: new URL('../dist/server.js', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // Deep imports (drizzle-orm/pglite, @electric-sql/pglite/...) are external too.
  external: external.flatMap((name) => [name, `${name}/*`]),
  logLevel: 'info',
});
