import { describe, expect, it } from 'vitest';
import { describeChange } from './audit-change';
import { checkDecimal, checkReason } from './ops-rules';

describe('checkDecimal', () => {
  it('takes decimal strings as typed, compared through the money module', () => {
    expect(checkDecimal(' 1000 ', 'nonNegative')).toBeUndefined();
    expect(checkDecimal('0', 'nonNegative')).toBeUndefined();
    expect(checkDecimal('0.000000000000000001', 'positive')).toBeUndefined();
    expect(checkDecimal('0.008', 'share')).toBeUndefined();
  });

  it('names what is wrong', () => {
    expect(checkDecimal('', 'nonNegative')).toBe('ops.validation.required');
    expect(checkDecimal('1e3', 'nonNegative')).toBe('ops.validation.decimal');
    expect(checkDecimal('12,5', 'nonNegative')).toBe('ops.validation.decimal');
    expect(checkDecimal('-1', 'nonNegative')).toBe('ops.validation.nonNegative');
    expect(checkDecimal('0', 'positive')).toBe('ops.validation.positive');
    expect(checkDecimal('1', 'share')).toBe('ops.validation.share');
  });
});

describe('checkReason', () => {
  it('wants a reason of at most 500 characters, as the contract', () => {
    expect(checkReason('  ')).toBe('messages.validation.ops.reasonRequired');
    expect(checkReason('x'.repeat(501))).toBe('messages.validation.tooLong');
    expect(checkReason('Address flagged')).toBeUndefined();
  });
});

describe('describeChange', () => {
  it('lists the fields that changed, before and after', () => {
    expect(describeChange({ autoApproveUsdt: '1000', id: 1 }, { autoApproveUsdt: '0', id: 1 })).toEqual([
      { field: 'autoApproveUsdt', before: '1000', after: '0' },
    ]);
    expect(describeChange({ status: 'pending_review' }, { status: 'rejected' })).toEqual([
      { field: 'status', before: 'pending_review', after: 'rejected' },
    ]);
    expect(describeChange(null, null)).toEqual([]);
    expect(describeChange('a', 'b')).toEqual([{ field: null, before: 'a', after: 'b' }]);
  });
});
