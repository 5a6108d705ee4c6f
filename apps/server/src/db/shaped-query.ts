import { Placeholder, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A query whose shape varies from call to call (which filters a list call has), but whose SQL for
 * one shape never does: built once per database and shape with `sql.placeholder()` for its values,
 * then run with each call's values. Building a drizzle query's SQL text (its entity checks over
 * every chunk of a full table's selection) was about 0.2 ms of a records call whose own query
 * takes under a millisecond.
 *
 * The query is prepared unnamed (`.prepare('')`: node-postgres sends a statement without a name
 * as an unnamed one, as it sends every query built fresh), so PostgreSQL still plans it for each
 * call's values; no plan is kept for a page whose offset or filter might want another.
 */

/**
 * How a condition takes its value: as itself (a query built for one call: the exports), or as a
 * named placeholder (a query kept per shape: Binder.bind).
 */
export type BindValue = <T>(name: string, value: T) => T | SQLWrapper;
export const asItself: BindValue = (_name, value) => value;

/** Collects a call's values, each named where the query uses it, and the shape they make. */
export interface Binder {
  /** The value's placeholder in the query (a Date is sent as its ISO text). */
  bind<T>(name: string, value: T): T | Placeholder;
  values: Record<string, unknown>;
  /** The names bound, in order: with the caller's own key, what tells one shape from another. */
  readonly shape: string;
}

export function createBinder(): Binder {
  const values: Record<string, unknown> = {};
  const names: string[] = [];
  return {
    bind<T>(name: string, value: T): T | Placeholder {
      if (name in values) throw new Error(`"${name}" is bound twice`);
      values[name] = value instanceof Date ? value.toISOString() : value;
      names.push(name);
      return sql.placeholder(name);
    },
    values,
    get shape() {
      return names.join(',');
    },
  };
}

/**
 * Queries kept per database and shape (at most `max` shapes per database: past that, the
 * least recently used goes, so a caller inventing shapes cannot fill the memory).
 */
export function shapedQueries<Q>(max = 256) {
  const kept = new WeakMap<object, Map<string, Q>>();
  return (db: object, shape: string, build: () => Q): Q => {
    let shapes = kept.get(db);
    if (!shapes) {
      shapes = new Map();
      kept.set(db, shapes);
    }
    let query = shapes.get(shape);
    if (query) {
      shapes.delete(shape); // set again below: the map's order is the order of use
    } else {
      query = build();
    }
    shapes.set(shape, query);
    if (shapes.size > max) shapes.delete(shapes.keys().next().value as string);
    return query;
  };
}

/**
 * The query of a shape, prepared unnamed, once it is checked to hold placeholders only: a value
 * written in as itself would be kept with the query and sent with every later call of its shape
 * (another merchant's call included), so a query that holds one is refused.
 */
export function prepareShaped<P>(query: { toSQL(): { params: unknown[] }; prepare(name: string): P }): P {
  const loose = query.toSQL().params.filter((param) => !(param instanceof Placeholder));
  if (loose.length > 0) {
    throw new Error(`a shaped query holds ${loose.length} value(s) not bound as placeholders`);
  }
  return query.prepare('');
}
