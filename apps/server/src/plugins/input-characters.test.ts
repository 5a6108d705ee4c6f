import { describe, expect, it } from 'vitest';
import { findNulCharacter, isInvalidTextError } from './input-characters';

describe('findNulCharacter', () => {
  it('names the first value or key holding a NUL, at any depth', () => {
    expect(findNulCharacter('a\u0000')).toBe('');
    expect(findNulCharacter({ a: 'ok', b: 'x\u0000' })).toBe('b');
    expect(findNulCharacter({ items: [{ amount: '1' }, { amount: '2\u0000' }] })).toBe('items.1.amount');
    expect(findNulCharacter({ nested: { 'k\u0000ey': 1 } })).toBe('nested.key');
  });

  it('leaves clean values, numbers, nulls and bytes alone', () => {
    expect(findNulCharacter({ a: 'text', b: 1, c: null, d: [true], e: undefined })).toBeUndefined();
    expect(findNulCharacter(Buffer.from([0, 1, 2]))).toBeUndefined();
    expect(findNulCharacter({ file: new Uint8Array([0]) })).toBeUndefined();
    expect(findNulCharacter(undefined)).toBeUndefined();
  });

  it('stops at a depth no accepted body reaches', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findNulCharacter(deep)).toBeUndefined();
    let shallow: unknown = 'x\u0000';
    for (let i = 0; i < 10; i++) shallow = [shallow];
    expect(findNulCharacter(shallow)).toBe('0.0.0.0.0.0.0.0.0.0');
  });
});

describe('isInvalidTextError', () => {
  it("finds PostgreSQL's refusal of a NUL in text or JSON, through the causes drizzle wraps", () => {
    expect(isInvalidTextError({ message: 'Failed query', cause: { code: '22021' } })).toBe(true);
    expect(isInvalidTextError({ code: '22P05' })).toBe(true);
    expect(isInvalidTextError({ cause: { code: '23505' } })).toBe(false);
    expect(isInvalidTextError(new Error('x'))).toBe(false);
    expect(isInvalidTextError(undefined)).toBe(false);
  });
});
