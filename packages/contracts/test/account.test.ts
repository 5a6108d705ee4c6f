import { describe, expect, it } from 'vitest';
import {
  dialCodeField,
  ERROR_HTTP_STATUS,
  ErrorCode,
  hasMessage,
  loginBody,
  phoneField,
  setPhoneBody,
  updatePasswordBody,
  VALIDATION_KEY_CODES,
} from '../src';

/** The issue-3 bodies: which combinations are a login, and which messages the others get. */
const issuesOf = (result: { error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  result.error?.issues.map((issue) => [issue.path.join('.'), issue.message]) ?? [];

describe('loginBody', () => {
  it.each([
    [
      { email: 'A@B.co', password: 'x' },
      { email: 'a@b.co', password: 'x' },
    ],
    [
      { email: 'a@b.co', emailCode: '123456' },
      { email: 'a@b.co', emailCode: '123456' },
    ],
    [
      { phone: '138 0013-8000', countryCode: '86', password: 'x', googleCode: '000001' },
      { phone: '13800138000', countryCode: '86', password: 'x', googleCode: '000001' },
    ],
  ])('accepts %j', (input, output) => {
    expect(loginBody.parse(input)).toEqual(output);
  });

  it.each([
    [{ password: 'x' }, [['email', 'validation.emailRequired']]],
    [{ email: 'a@b.co' }, [['password', 'validation.passwordRequired']]],
    [{ phone: '13800138000', password: 'x' }, [['countryCode', 'validation.countryCodeRequired']]],
    // Codes are mailed: a code login names the email.
    [
      { phone: '13800138000', countryCode: '86', emailCode: '123456' },
      [['email', 'validation.emailRequired']],
    ],
    [
      { email: 'a@b.co', phone: '13800138000', countryCode: '86', password: 'x' },
      [['phone', 'validation.emailOrPhone']],
    ],
    [{ email: 'a@b.co', password: 'x', emailCode: '123456' }, [['emailCode', 'validation.passwordOrCode']]],
    [{ email: 'a@b.co', password: 'x', googleCode: '12345' }, [['googleCode', 'validation.codeRequired']]],
    [{ email: ['a@b.co', 'c@d.co'], password: 'x' }, [['email', 'validation.invalidType']]],
  ])('refuses %j', (input, expected) => {
    expect(issuesOf(loginBody.safeParse(input))).toEqual(expected);
  });
});

describe('phone fields', () => {
  it('dial codes are 1 to 4 digits', () => {
    expect(dialCodeField.parse(' 886 ')).toBe('886');
    for (const bad of ['', '+86', '12345', 'cn']) {
      expect(issuesOf(dialCodeField.safeParse(bad))).toEqual([['', 'validation.countryCodeRequired']]);
    }
    expect(issuesOf(dialCodeField.safeParse(86))).toEqual([['', 'validation.invalidType']]);
  });

  it('phones lose spaces and dashes and are 4 to 15 digits', () => {
    expect(phoneField.parse('0901 234-567')).toBe('0901234567');
    expect(issuesOf(phoneField.safeParse(''))).toEqual([['', 'validation.phoneRequired']]);
    expect(issuesOf(phoneField.safeParse('12a456'))).toEqual([['', 'validation.phoneInvalid']]);
    expect(issuesOf(phoneField.safeParse('1'.repeat(16)))).toEqual([['', 'validation.phoneInvalid']]);
    expect(issuesOf(setPhoneBody.safeParse({ countryCode: '84', phone: '901234567' }))).toEqual([
      ['password', 'validation.passwordRequired'],
    ]);
  });
});

describe('updatePasswordBody', () => {
  const valid = { password: 'Tollgate2026', confirmPassword: 'Tollgate2026', code: '123456' };

  it('takes a blank old password as "none" (the server decides whether that is allowed)', () => {
    expect(updatePasswordBody.parse(valid).oldPassword).toBe('');
    expect(updatePasswordBody.parse({ ...valid, oldPassword: 'Old2026pass' }).oldPassword).toBe(
      'Old2026pass',
    );
  });

  it('needs the confirmation to match, under a key that has its own error code', () => {
    expect(issuesOf(updatePasswordBody.safeParse({ ...valid, confirmPassword: 'Tollgate2025' }))).toEqual([
      ['confirmPassword', 'validation.passwordMismatch'],
    ]);
    expect(issuesOf(updatePasswordBody.safeParse({ ...valid, confirmPassword: '' }))).toEqual([
      ['confirmPassword', 'validation.confirmPasswordRequired'],
      ['confirmPassword', 'validation.passwordMismatch'],
    ]);
    expect(VALIDATION_KEY_CODES['validation.passwordMismatch']).toBe(ErrorCode.PASSWORD_MISMATCH);
  });

  it('holds the new password to the SPEC rule', () => {
    const weak = { ...valid, password: 'password', confirmPassword: 'password' };
    expect(issuesOf(updatePasswordBody.safeParse(weak))).toEqual([['password', 'validation.passwordRule']]);
  });
});

describe('issue-3 codes', () => {
  it('every mapped validation key exists and the codes have their statuses', () => {
    for (const key of Object.keys(VALIDATION_KEY_CODES)) expect(hasMessage(key)).toBe(true);
    expect(ERROR_HTTP_STATUS[ErrorCode.ACCOUNT_LOCKED]).toBe(423);
    expect(ERROR_HTTP_STATUS[ErrorCode.CODE_SEND_TOO_OFTEN]).toBe(429);
    expect(ERROR_HTTP_STATUS[ErrorCode.GOOGLE_NOT_BOUND]).toBe(403);
    expect(ERROR_HTTP_STATUS[ErrorCode.GOOGLE_CODE_REQUIRED]).toBe(200);
  });
});
