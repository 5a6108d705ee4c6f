import { ErrorCode } from '@tollgate/contracts';
import { describe, expect, it } from 'vitest';
import { createErrorEnvelope, createSuccessEnvelope } from './envelope';

describe('envelopes', () => {
  it('wraps data with code 0 and a localized ok', () => {
    expect(createSuccessEnvelope('en_US', { a: 1 })).toEqual({ code: 0, data: { a: 1 }, message: 'Success' });
    expect(createSuccessEnvelope('zh_CN', null)).toEqual({ code: 0, data: null, message: '操作成功' });
  });

  it('carries the code and its message in the language', () => {
    expect(createErrorEnvelope('en_US', ErrorCode.TOKEN_EXPIRED)).toEqual({
      code: 4000,
      data: null,
      message: 'Your session has expired, please log in again',
    });
    expect(createErrorEnvelope('zh_TW', ErrorCode.NOT_FOUND, { requestId: 'r1' })).toEqual({
      code: 404,
      data: { requestId: 'r1' },
      message: '請求的資源不存在',
    });
  });
});
