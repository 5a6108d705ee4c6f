import { defineConfig } from 'drizzle-kit';

// `npm run db:generate -w @tollgate/server` writes forward-only SQL migrations into ./drizzle,
// which the server applies at start (DatabaseHandle.migrate in src/db/client.ts) on PGlite
// and PostgreSQL alike.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
