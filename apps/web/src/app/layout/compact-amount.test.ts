import { describe, expect, it } from 'vitest';
import { formatCompactAmount } from './compact-amount';

describe('formatCompactAmount', () => {
  it.each([
    ['0', '0.00'],
    ['1234.567', '1,234.56'],
    ['9999.999', '9,999.99'],
    ['10000', '10K'],
    ['12345.67', '12.3K'],
    ['999999.99', '999.9K'],
    ['1000000', '1M'],
    ['4567890.12', '4.5M'],
    ['1234567890123.5', '1,234.5B'],
    ['-12345', '-12.3K'],
  ])('%s shows as %s, rounded down', (value, shown) => {
    expect(formatCompactAmount(value)).toBe(shown);
  });
});
