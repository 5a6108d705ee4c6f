import { describe, expect, it } from 'vitest';
import { findInvalidCharacter, isInvalidTextError } from './input-characters';

describe('findInvalidCharacter', () => {
  it('names the first value or key holding a NUL, at any depth', () => {
    expect(findInvalidCharacter('a\u0000')).toBe('');
    expect(findInvalidCharacter({ a: 'ok', b: 'x\u0000' })).toBe('b');
    expect(findInvalidCharacter({ items: [{ amount: '1' }, { amount: '2\u0000' }] })).toBe('items.1.amount');
    expect(findInvalidCharacter({ nested: { 'k\u0000ey': 1 } })).toBe('nested.key');
  });

  it('names a value or key holding a lone surrogate, and takes a pair (an emoji)', () => {
    expect(findInvalidCharacter('a\ud800b')).toBe('');
    expect(findInvalidCharacter('a\udc00')).toBe('');
    expect(findInvalidCharacter('\udc00\ud800')).toBe('');
    expect(findInvalidCharacter({ items: [{ description: 'ok 😀' }, { description: 'x\ud83d' }] })).toBe(
      'items.1.description',
    );
    expect(findInvalidCharacter({ 'k\udfffey': 1 })).toBe('key');
    expect(findInvalidCharacter({ a: '😀 𠀀 ok', b: '\ud83d\ude00' })).toBeUndefined();
  });

  it('leaves clean values, numbers, nulls and bytes alone', () => {
    expect(findInvalidCharacter({ a: 'text', b: 1, c: null, d: [true], e: undefined })).toBeUndefined();
    expect(findInvalidCharacter(Buffer.from([0, 1, 2]))).toBeUndefined();
    expect(findInvalidCharacter({ file: new Uint8Array([0]) })).toBeUndefined();
    expect(findInvalidCharacter(undefined)).toBeUndefined();
  });

  it('stops at a depth no accepted body reaches', () => {
    let deep: unknown = 'x\u0000';
    for (let i = 0; i < 40; i++) deep = [deep];
    expect(findInvalidCharacter(deep)).toBeUndefined();
    let shallow: unknown = 'x\u0000';
    for (let i = 0; i < 10; i++) shallow = [shallow];
    expect(findInvalidCharacter(shallow)).toBe('0.0.0.0.0.0.0.0.0.0');
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
