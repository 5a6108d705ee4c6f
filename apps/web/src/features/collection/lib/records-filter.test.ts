import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { toRecordsFilter } from './records-filter';

describe('toRecordsFilter', () => {
  it('leaves out empty fields and trims the others', () => {
    expect(
      toRecordsFilter({ currency: 'USDT', orderNo: '  TG1  ', txHash: '', appName: '   ', created: null }),
    ).toEqual({ currency: 'USDT', orderNo: 'TG1' });
  });

  it('sends a picked range as [first second, just after the last) with the offset', () => {
    const from = dayjs('2026-11-01T08:00:00');
    const to = dayjs('2026-11-02T09:30:59');
    const filter = toRecordsFilter({ arrived: [from, to], status: 'completed' });
    expect(filter.status).toBe('completed');
    expect(dayjs(String(filter.arrivedFrom)).valueOf()).toBe(from.valueOf());
    expect(dayjs(String(filter.arrivedTo)).valueOf()).toBe(to.add(1, 'second').valueOf());
    expect(filter.arrivedFrom).toMatch(/[+-]\d\d:\d\d$|Z$/);
    expect(filter.createdFrom).toBeUndefined();
  });

  it('keeps an open end open', () => {
    const filter = toRecordsFilter({ created: [dayjs('2026-11-01T00:00:00'), null] });
    expect(filter.createdFrom).toBeDefined();
    expect(filter.createdTo).toBeUndefined();
  });
});
