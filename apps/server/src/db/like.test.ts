import { describe, expect, it } from 'vitest';
import { containsPattern } from './like';

describe('containsPattern', () => {
  it('wraps the text in % and escapes its own wildcards and backslashes', () => {
    expect(containsPattern('shop')).toBe('%shop%');
    expect(containsPattern('50%_off\\x')).toBe('%50\\%\\_off\\\\x%');
  });
});
