import type { Executor } from './client';

/**
 * A statement of a hot path, built once per database (drizzle's `.prepare(name)`): the SQL
 * text is not rebuilt per call, and on PostgreSQL each pooled connection parses the named
 * statement once. `build` must end in `.prepare(name)` with a name unique to it.
 */
export function preparedPerDatabase<T>(build: (db: Executor) => T): (db: Executor) => T {
  return perDatabase(build);
}

/** Something made once per database (a prepared statement, a group batch) when first used. */
export function perDatabase<T, D extends object = Executor>(build: (db: D) => T): (db: D) => T {
  const built = new WeakMap<D, T>();
  return (db) => {
    let query = built.get(db);
    if (!query) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
