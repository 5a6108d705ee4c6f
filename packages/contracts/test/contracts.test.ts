import { describe, expect, it } from 'vitest';
import {
  codeField,
  ERROR_HTTP_STATUS,
  ERROR_MESSAGE_KEY,
  ErrorCode,
  emailField,
  hasMessage,
  LANGUAGES,
  loginBody,
  loginPasswordField,
  MESSAGES,
  PASSWORD_PATTERN,
  passwordField,
  resolveLanguage,
  translateMessage,
} from '../src';

const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) =>
    v && typeof v === 'object' ? keysOf(v, `${prefix}${k}.`) : [`${prefix}${k}`],
  );

describe('languages', () => {
  it.each([
    ['zh_CN', 'zh_CN'],
    ['zh_TW', 'zh_TW'],
    ['en', 'en_US'],
    ['en-US', 'en_US'],
    ['en_US', 'en_US'],
    ['vi_VN', 'vi_VN'],
    ['vi', 'vi_VN'],
    ['jp', 'zh_CN'],
    ['kor', 'zh_CN'],
    ['fr_FR', 'zh_CN'],
    ['', 'zh_CN'],
    [undefined, 'zh_CN'],
    ['en-US,en;q=0.9', 'en_US'],
  ])('resolves %s to %s', (raw, expected) => {
    expect(resolveLanguage(raw)).toBe(expected);
  });
});

describe('messages', () => {
  it('every language carries exactly the keys of zh_CN', () => {
    const reference = keysOf(MESSAGES.zh_CN).sort();
    for (const lang of LANGUAGES) expect(keysOf(MESSAGES[lang]).sort()).toEqual(reference);
  });

  it('every error code has a message and a status', () => {
    for (const code of Object.values(ErrorCode)) {
      expect(ERROR_HTTP_STATUS[code]).toBeGreaterThanOrEqual(200);
      if (code !== ErrorCode.OK) expect(hasMessage(`errors.${ERROR_MESSAGE_KEY[code]}`)).toBe(true);
    }
  });

  it('translates and falls back to the key', () => {
    expect(translateMessage('en_US', 'errors.notFound')).toBe('The requested resource does not exist');
    expect(translateMessage('vi_VN', 'validation.emailRequired')).toBe('Vui lòng nhập email');
    expect(translateMessage('en_US', 'no.such.key')).toBe('no.such.key');
  });
});

describe('validation', () => {
  it('password rule: 8-32 with lower, upper and digit', () => {
    expect(PASSWORD_PATTERN.test('Tollgate2026')).toBe(true);
    expect(PASSWORD_PATTERN.test('tollgate2026')).toBe(false);
    expect(PASSWORD_PATTERN.test('TOLLGATE2026')).toBe(false);
    expect(PASSWORD_PATTERN.test('Tollgate')).toBe(false);
    expect(PASSWORD_PATTERN.test('Ab1')).toBe(false);
    expect(PASSWORD_PATTERN.test(`Ab1${'x'.repeat(30)}`)).toBe(false);
  });

  it('email is required, well formed and lower-cased', () => {
    expect(emailField.parse(' Demo@Tollgate.dev ')).toBe('demo@tollgate.dev');
    const missing = emailField.safeParse('');
    expect(missing.error?.issues[0]?.message).toBe('validation.emailRequired');
    const bad = emailField.safeParse('not-an-email');
    expect(bad.error?.issues[0]?.message).toBe('validation.emailInvalid');
  });

  it.each([
    ['email', emailField, 'validation.emailRequired'],
    ['password', passwordField, 'validation.passwordRequired'],
    ['login password', loginPasswordField, 'validation.passwordRequired'],
    ['code', codeField, 'validation.codeRequired'],
  ] as const)('%s: missing is "required", a wrong type is "invalid type"', (_name, field, requiredKey) => {
    const messageOf = (input: unknown) => field.safeParse(input).error?.issues[0]?.message;
    expect(messageOf(undefined)).toBe(requiredKey);
    expect(messageOf(null)).toBe(requiredKey);
    // A form key sent twice arrives as an array; JSON may carry any type.
    expect(messageOf(['a@b.co', 'c@d.co'])).toBe('validation.invalidType');
    expect(messageOf(123456)).toBe('validation.invalidType');
    expect(messageOf({ value: 'x' })).toBe('validation.invalidType');
  });

  it('code: six digits exactly', () => {
    expect(codeField.safeParse('012345').success).toBe(true);
    for (const bad of ['', '12345', '1234567', '12345a', ' 123456']) {
      expect(codeField.safeParse(bad).error?.issues[0]?.message).toBe('validation.codeRequired');
    }
  });

  it('login body rejects a missing password with its key', () => {
    const result = loginBody.safeParse({ email: 'a@b.co' });
    expect(result.error?.issues[0]?.message).toBe('validation.passwordRequired');
  });
});

describe('money', () => {
  it('adds without float error and prints plain decimals', async () => {
    const { sumMoney, toDecimalString, formatMoney, money } = await import('../src');
    expect(toDecimalString(sumMoney(['0.1', '0.2']))).toBe('0.3');
    expect(toDecimalString(money('0.000000000000000001'))).toBe('0.000000000000000001');
    expect(toDecimalString(money('12345678901234567890.5').times('3'))).toBe('37037036703703703671.5');
    expect(toDecimalString('0.000')).toBe('0');
    expect(formatMoney('1234567.899')).toBe('1,234,567.90');
    expect(formatMoney('-0.5', 4)).toBe('-0.5000');
    expect(() => money('1e5')).toThrow(RangeError);
  });
});
