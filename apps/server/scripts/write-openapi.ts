// Writes docs/openapi.json from the app's routes (which come from the contracts schemas), so
// that API changes show in diffs. Run: npm run openapi -w @tollgate/server
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { createPgliteDatabase } from '../src/db/client';

// A throwaway key: nothing is sealed, and no key file is written under ./data.
const config = loadConfig({ LOG_LEVEL: 'silent', SECRET_KEY: randomBytes(32).toString('base64') });
const app = await buildApp({
  config: { ...config, webDistDir: '/nonexistent' },
  database: await createPgliteDatabase(),
});
await app.ready();
const target = new URL('../../../docs/openapi.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(app.swagger(), null, 2)}\n`);
await app.close();
console.log(`wrote ${target.pathname}`);
