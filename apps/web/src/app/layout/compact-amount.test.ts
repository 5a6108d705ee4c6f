import { describe, expect, it } from 'vitest';
import { formatCompactAmount } from './compact-amount';

describe('formatCompactAmount', () => {
  it.each([
    ['0', '0.00'],
    ['1234.567', '1,234.57'],
    ['1234.564', '1,234.56'],
    ['9999.994', '9,999.99'],
    ['10000', '10K'],
    ['12345.67', '12.3K'],
    ['12350', '12.4K'],
    ['999899.99', '999.9K'],
    ['1000000', '1M'],
    ['4567890.12', '4.6M'],
    ['1234567890123.5', '1,234.6B'],
    ['-12345', '-12.3K'],
    ['-12350', '-12.4K'],
  ])('%s shows as %s, rounded half-up', (value, shown) => {
    expect(formatCompactAmount(value)).toBe(shown);
  });
});
