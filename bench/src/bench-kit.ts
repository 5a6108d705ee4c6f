import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
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

/**
 * The whole machine's busy CPU time in ms (every process: this one, the server, PostgreSQL's
 * backends, psql), from /proc/stat's first line, in clock ticks of 10 ms: user, nice, system, irq
 * and softirq. Idle and iowait are not busy; steal is the hypervisor's time given to other guests,
 * and guest and guest_nice are already counted in user and nice.
 */
export function machineBusyMs(): number {
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0] =
    readFileSync('/proc/stat', 'utf8').split('\n')[0]?.trim().split(/\s+/).slice(1).map(Number) ?? [];
  return (user + nice + system + irq + softirq) * 10;
}
