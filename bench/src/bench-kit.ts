import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import pg from 'pg';

/*
 * What the in-process benches share: timing a run of tasks, a throwaway PostgreSQL database.
 */

/** `count` tasks, `concurrency` at a time; the seconds the whole took. */
export async function timed(count: number, concurrency: number, task: (i: number) => Promise<void>) {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: Math.min(concurrency, count) }, async () => {
      for (let i = next++; i < count; i = next++) await task(i);
    }),
  );
  return (performance.now() - started) / 1000;
}

/** A fresh database on the PostgreSQL server of DATABASE_URL, dropped by the returned function. */
export async function freshPostgresDatabase(url: string) {
  const name = `tollgate_bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  return {
    url: target.toString(),
    async drop() {
      const again = new pg.Client({ connectionString: url });
      await again.connect();
      await again.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await again.end();
    },
  };
}
