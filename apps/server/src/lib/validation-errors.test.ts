import { loginBody } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { installZodMessageKeys, messageKeyForIssue, toFieldErrors } from './validation-errors';

describe('zod issues without a message key', () => {
  it('map to validation.* keys', () => {
    expect(messageKeyForIssue({ code: 'invalid_type', input: undefined })).toBe('validation.required');
    expect(messageKeyForIssue({ code: 'invalid_type', input: 42 })).toBe('validation.invalidType');
    expect(messageKeyForIssue({ code: 'too_big' })).toBe('validation.tooLong');
    expect(messageKeyForIssue({ code: 'too_small', origin: 'string', minimum: 1 })).toBe(
      'validation.required',
    );
    expect(messageKeyForIssue({ code: 'invalid_format' })).toBe('validation.invalidType');
  });

  it('get those keys once installed, while schema keys win', () => {
    installZodMessageKeys();
    const schema = z.object({ name: z.string().max(3), age: z.number() });
    const issues = schema.safeParse({ name: 'long name', age: 'x' }).error?.issues ?? [];
    expect(issues.map((i) => i.message)).toEqual(['validation.tooLong', 'validation.invalidType']);
    const login = loginBody.safeParse({ email: 'nope' }).error?.issues ?? [];
    expect(login.map((i) => i.message)).toEqual(['validation.emailInvalid', 'validation.passwordRequired']);
  });
});

describe('toFieldErrors', () => {
  it('names each field a strict object does not take, at its depth', () => {
    const issues = z
      .strictObject({ items: z.array(z.strictObject({ amount: z.string() })) })
      .safeParse({ items: [{ amount: '1', note: 'x' }], foo: 1, bar: 2 })
      .error?.issues.map((issue) => ({
        instancePath: `/${issue.path.join('/')}`,
        message: issue.message,
        keyword: issue.code,
        params: { keys: (issue as { keys?: unknown }).keys },
      }));
    expect(toFieldErrors(issues ?? [], 'body', 'en_US')).toEqual([
      { field: 'items.0.note', message: 'Not a field of this call (check its name)' },
      { field: 'foo', message: 'Not a field of this call (check its name)' },
      { field: 'bar', message: 'Not a field of this call (check its name)' },
    ]);
  });

  it('names the field and translates its message', () => {
    const errors = toFieldErrors(
      [
        { instancePath: '/email', message: 'validation.emailInvalid' },
        { instancePath: '/items/0/amount', message: 'validation.decimal' },
        { instancePath: '/', message: 'validation.required' },
        { instancePath: '/x', message: 'Invalid input: expected string' },
      ],
      'body',
      'en_US',
    );
    expect(errors).toEqual([
      { field: 'email', message: 'Invalid email format' },
      { field: 'items.0.amount', message: 'Please enter a valid number' },
      { field: 'body', message: 'This field is required' },
      { field: 'x', message: 'Invalid format' },
    ]);
  });
});
