import { describe, expect, it } from 'vitest';
import { merchantDays } from './merchant-day';

describe('merchantDays (Asia/Shanghai)', () => {
  it('starts the day at 16:00 UTC of the day before', () => {
    expect(merchantDays(new Date('2026-01-15T08:00:00.000Z'))).toEqual({
      yesterday: new Date('2026-01-13T16:00:00.000Z'),
      today: new Date('2026-01-14T16:00:00.000Z'),
      tomorrow: new Date('2026-01-15T16:00:00.000Z'),
    });
  });

  it('moves to the next day at Shanghai midnight, not UTC midnight', () => {
    expect(merchantDays(new Date('2026-01-15T15:59:59.999Z')).today).toEqual(
      new Date('2026-01-14T16:00:00.000Z'),
    );
    expect(merchantDays(new Date('2026-01-15T16:00:00.000Z')).today).toEqual(
      new Date('2026-01-15T16:00:00.000Z'),
    );
    expect(merchantDays(new Date('2026-01-15T23:30:00.000Z')).today).toEqual(
      new Date('2026-01-15T16:00:00.000Z'),
    );
  });
});
