import { DEFAULT_CURRENCY, DEFAULT_PRECISION, DEFAULT_RATE } from '@tollgate/contracts';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import {
  CLIENT_DEFAULTS,
  compactNumberFormat,
  convertAmount,
  DATE_FORMAT,
  formatAmount,
  formatDate,
  formatExactAmount,
} from './format';

describe('client defaults', () => {
  it('come from contracts: USDT, rate 1, precision 2', () => {
    expect(CLIENT_DEFAULTS).toEqual({
      currency: DEFAULT_CURRENCY,
      rate: DEFAULT_RATE,
      precision: DEFAULT_PRECISION,
    });
    expect(CLIENT_DEFAULTS).toEqual({ currency: 'USDT', rate: '1', precision: 2 });
  });
});

describe('formatDate', () => {
  const moment = new Date(2026, 4, 7, 9, 5, 3, 42); // local time, 7 May 2026 09:05:03.042

  it('defaults to YYYY/MM/DD HH:mm:ss', () => {
    expect(DATE_FORMAT).toBe('YYYY/MM/DD HH:mm:ss');
    expect(formatDate(moment)).toBe('2026/05/07 09:05:03');
  });

  it('supports quarter and milliseconds', () => {
    expect(formatDate(moment, 'YYYY [Q]Q')).toBe('2026 Q2');
    expect(formatDate(moment, 'HH:mm:ss.SSS')).toBe('09:05:03.042');
    expect(dayjs(moment).quarter()).toBe(2);
  });

  it('accepts ISO strings and timestamps, and shows a dash for nothing or garbage', () => {
    expect(formatDate(moment.toISOString())).toBe('2026/05/07 09:05:03');
    expect(formatDate(moment.getTime())).toBe('2026/05/07 09:05:03');
    expect(formatDate(null)).toBe('-');
    expect(formatDate('')).toBe('-');
    expect(formatDate('not a date')).toBe('-');
  });
});

describe('formatAmount', () => {
  it('uses the default precision, rounds half-up (never cuts) and groups thousands', () => {
    expect(formatAmount('1234567.899')).toBe('1,234,567.90');
    // issue 31: 10.416 was shown as 10.41, a fee of 0.084 as 0.08 (right, but by chance).
    expect(formatAmount('10.416')).toBe('10.42');
    expect(formatAmount('10.415')).toBe('10.42');
    expect(formatAmount('10.414999')).toBe('10.41');
    expect(formatAmount('0.085')).toBe('0.09');
    expect(formatAmount('0.084')).toBe('0.08');
    expect(formatAmount('-0.085')).toBe('-0.09');
    expect(formatAmount('0.995')).toBe('1.00');
    expect(formatAmount('999.995')).toBe('1,000.00');
    expect(formatAmount('0')).toBe('0.00');
    expect(formatAmount('0.000001', 6)).toBe('0.000001');
    expect(formatAmount(undefined)).toBe('-');
  });

  it('never goes through floating point', () => {
    expect(formatAmount('0.3')).toBe('0.30');
    expect(convertAmount('0.1', '3')).toBe('0.3');
    expect(convertAmount('12.5')).toBe('12.5');
  });
});

describe('one number format in every language', () => {
  it('writes amounts exactly with "," between thousands and "." before the decimals', () => {
    expect(formatExactAmount('1000000.5')).toBe('1,000,000.5');
    expect(formatExactAmount('-1234.000100')).toBe('-1,234.0001');
    expect(formatExactAmount('999')).toBe('999');
  });

  it("gives the axes compact numbers that keep that format (Vietnamese's would write 2,5 N)", () => {
    expect(compactNumberFormat('vi-VN').format(2500)).toBe('2.5K');
    expect(compactNumberFormat('en-US').format(2500)).toBe('2.5K');
    expect(compactNumberFormat('zh-CN').format(25000)).toBe('2.5万');
    expect(compactNumberFormat('zh-TW').format(25000)).toBe('2.5萬');
  });
});
