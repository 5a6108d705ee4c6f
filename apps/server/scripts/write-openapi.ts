// Writes docs/openapi.json from the app's routes (which come from the contracts schemas), so
// that API changes show in diffs. Run: npm run openapi -w @tollgate/server
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPgliteDatabase } from '../src/db/client';

const config = loadConfig({ LOG_LEVEL: 'silent' });
const app = await buildApp({
  config: { ...config, webDistDir: '/nonexistent' },
  database: await createPgliteDatabase(),
});
await app.ready();
const target = new URL('../../../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
console.log(`wrote ${target.pathname}`);
