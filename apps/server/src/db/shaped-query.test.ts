import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createBinder, prepareShaped, shapedQueries } from './shaped-query';

describe('createBinder', () => {
  it('names each value once, sends a Date as its ISO text, and tells shapes apart by the names bound', () => {
    const binder = createBinder();
    binder.bind('merchantId', 7);
    binder.bind('from', new Date('2026-11-27T00:00:00Z'));
    expect(binder.values).toEqual({ merchantId: 7, from: '2026-11-27T00:00:00.000Z' });
    expect(binder.shape).toBe('merchantId,from');
    expect(() => binder.bind('from', 1)).toThrow();
    const other = createBinder();
    other.bind('merchantId', 8);
    other.bind('to', new Date());
    expect(other.shape).not.toBe(binder.shape);
  });
});

describe('shapedQueries', () => {
  it('builds a query once per database and shape, and keeps the `max` shapes used last', () => {
    const queries = shapedQueries<string>(2);
    const [one, two] = [{}, {}];
    let built = 0;
    const build = (name: string) => () => `${name}#${++built}`;
    expect(queries(one, 'a', build('a'))).toBe('a#1');
    expect(queries(one, 'a', build('a'))).toBe('a#1');
    expect(queries(two, 'a', build('a'))).toBe('a#2'); // another database
    expect(queries(one, 'b', build('b'))).toBe('b#3');
    expect(queries(one, 'a', build('a'))).toBe('a#1'); // used again: 'b' is now the least recent
    expect(queries(one, 'c', build('c'))).toBe('c#4'); // 'b' goes
    expect(queries(one, 'a', build('a'))).toBe('a#1');
    expect(queries(one, 'b', build('b'))).toBe('b#5');
  });
});

describe('prepareShaped', () => {
  const query = (params: unknown[]) => ({
    toSQL: () => ({ params }),
    prepare: (name: string) => `prepared as "${name}"`,
  });

  it('prepares, unnamed, a query whose every value is a placeholder', () => {
    expect(prepareShaped(query([sql.placeholder('merchantId'), sql.placeholder('limit')]))).toBe(
      'prepared as ""',
    );
  });

  it('refuses a query holding a value of its own: it would be sent with every later call of the shape', () => {
    expect(() => prepareShaped(query([sql.placeholder('merchantId'), 42]))).toThrow(/1 value/);
  });
});
