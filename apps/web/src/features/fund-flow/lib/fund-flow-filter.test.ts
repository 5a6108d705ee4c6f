import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { signedChange, toFundFlowFilter } from './fund-flow-filter';

describe('toFundFlowFilter', () => {
  it('leaves out what is empty and sends a range as [from, to)', () => {
    expect(toFundFlowFilter({ currency: ' ', orderNo: '', time: null })).toEqual({});
    const from = dayjs('2026-11-01T00:00:00');
    const to = dayjs('2026-11-30T23:59:59');
    const filter = toFundFlowFilter({
      type: 'collection',
      currency: 'USDT',
      orderNo: ' TG1 ',
      time: [from, to],
    });
    expect(filter).toMatchObject({ type: 'collection', currency: 'USDT', orderNo: 'TG1' });
    expect(dayjs(String(filter.timeFrom)).valueOf()).toBe(from.valueOf());
    expect(dayjs(String(filter.timeTo)).valueOf()).toBe(to.add(1, 'second').valueOf());
  });
});

describe('signedChange', () => {
  it('marks credits with a plus, keeps debits and zero as they are', () => {
    expect(signedChange('12.4')).toEqual({ text: '+12.4', direction: 'in' });
    expect(signedChange('-3.000001')).toEqual({ text: '-3.000001', direction: 'out' });
    expect(signedChange('0')).toEqual({ text: '0', direction: 'none' });
  });
});
