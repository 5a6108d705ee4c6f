import { describe, expect, it } from 'vitest';
import { pickCoding } from './cached-representation';

describe('pickCoding', () => {
  it('takes Brotli, then gzip, then the text as it is', () => {
    expect(pickCoding('gzip, deflate, br, zstd')).toBe('br');
    expect(pickCoding('gzip, deflate')).toBe('gzip');
    expect(pickCoding('x-gzip')).toBe('gzip');
    expect(pickCoding('deflate')).toBe('identity');
    expect(pickCoding('')).toBe('identity');
    expect(pickCoding(undefined)).toBe('identity');
  });

  it('honours q=0 and the wildcard', () => {
    expect(pickCoding('br;q=0, gzip')).toBe('gzip');
    expect(pickCoding('br; q=0.0, gzip;q=0')).toBe('identity');
    expect(pickCoding('*')).toBe('br');
    expect(pickCoding('*;q=0, gzip;q=0.5')).toBe('gzip');
    expect(pickCoding('BR;Q=0.8')).toBe('br');
    expect(pickCoding('br;q=nonsense, gzip')).toBe('gzip');
  });
});
