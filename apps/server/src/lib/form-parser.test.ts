import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';
import { parseStrictForm } from './form-parser';

describe('parseStrictForm', () => {
  it('decodes fields, + as space, repeated keys as arrays', () => {
    expect(parseStrictForm('email=a%40b.co&name=Jo+Li&x=&flag')).toEqual({
      email: 'a@b.co',
      name: 'Jo Li',
      x: '',
      flag: '',
    });
    expect(parseStrictForm('a=1&a=2&a=3')).toEqual({ a: ['1', '2', '3'] });
    expect(parseStrictForm('')).toEqual({});
  });

  it('keeps keys named like Object methods as plain fields', () => {
    expect(parseStrictForm('toString=1&toString=2')).toEqual({ toString: ['1', '2'] });
  });

  it.each(['a=%E0%A4%A', 'a=%zz', '=value', '__proto__=x', 'constructor=x'])('refuses %s', (body) => {
    expect(() => parseStrictForm(body)).toThrow(AppError);
    try {
      parseStrictForm(body);
    } catch (error) {
      expect((error as AppError).code).toBe(1002);
    }
  });
});
