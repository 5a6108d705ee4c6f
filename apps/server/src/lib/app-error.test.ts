import { ErrorCode } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from './app-error';

describe('AppError', () => {
  it("carries the code's own message key, or a variant of that code", () => {
    expect(new AppError(ErrorCode.GOOGLE_CODE_INVALID).messageKey).toBe('googleCodeInvalid');
    const reused = new AppError(ErrorCode.GOOGLE_CODE_INVALID, { variant: 'googleCodeReused' });
    expect(reused).toMatchObject({ code: 1203, statusCode: 400, messageKey: 'googleCodeReused' });
  });

  it('refuses a variant of another code', () => {
    expect(() => new AppError(ErrorCode.CODE_INVALID, { variant: 'googleCodeReused' })).toThrow(
      'does not belong',
    );
  });
});
