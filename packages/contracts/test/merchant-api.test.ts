import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createCollectionBody, testPayBody } from '../src/merchant-api';

const base = { merchantOrderNo: 'shop-1', currency: 'USDT' };

/** The first issue's message key for `amount`, or undefined when the body is accepted. */
function amountIssue(schema: typeof createCollectionBody | typeof testPayBody, body: object) {
  const result = schema.safeParse(body);
  return result.success
    ? undefined
    : result.error.issues.find((issue) => issue.path[0] === 'amount')?.message;
}

describe('collection amounts', () => {
  it('refuses text that is not a decimal with a validation message, without throwing', () => {
    for (const amount of ['ten', '1e3', '1,5', ' 1', '0x10', '.5', '5.']) {
      expect(() => createCollectionBody.safeParse({ ...base, amount })).not.toThrow();
      expect(amountIssue(createCollectionBody, { ...base, amount }), amount).toBe('validation.decimal');
      expect(amountIssue(testPayBody, { amount }), amount).toBe('validation.decimal');
    }
  });

  it('refuses an empty or missing amount', () => {
    expect(amountIssue(createCollectionBody, { ...base, amount: '' })).toBe('validation.decimal');
    expect(amountIssue(createCollectionBody, base)).toBe('validation.required');
    expect(amountIssue(createCollectionBody, { ...base, amount: null })).toBe('validation.required');
  });

  it('tells a JSON number to come as a decimal string, and refuses other types as such', () => {
    expect(amountIssue(createCollectionBody, { ...base, amount: 10.5 })).toBe('validation.decimalText');
    expect(amountIssue(testPayBody, { amount: 10 })).toBe('validation.decimalText');
    for (const amount of [true, {}, ['10']]) {
      expect(amountIssue(createCollectionBody, { ...base, amount }), JSON.stringify(amount)).toBe(
        'validation.invalidType',
      );
    }
  });

  it('refuses zero and accepts a positive decimal', () => {
    expect(amountIssue(createCollectionBody, { ...base, amount: '0' })).toBe('validation.collection.amount');
    expect(amountIssue(createCollectionBody, { ...base, amount: '0.000' })).toBe(
      'validation.collection.amount',
    );
    expect(amountIssue(createCollectionBody, { ...base, amount: '10.5' })).toBeUndefined();
    expect(amountIssue(testPayBody, { amount: '0.000001' })).toBeUndefined();
  });

  it('tells a negative amount the amount rule, and documents a pattern with no sign', () => {
    for (const amount of ['-1', '-0.5']) {
      expect(amountIssue(createCollectionBody, { ...base, amount }), amount).toBe(
        'validation.collection.amount',
      );
      expect(amountIssue(testPayBody, { amount }), amount).toBe('validation.collection.amount');
    }
    const schema = z.toJSONSchema(createCollectionBody, { io: 'input' }) as unknown as {
      properties: { amount: { pattern: string } };
    };
    expect(schema.properties.amount.pattern).toBe('^\\d{1,30}(\\.\\d{1,18})?$');
  });
});
