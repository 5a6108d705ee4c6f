import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signCallback, verifyCallbackSignature } from './callback-signature';

const secret = 'a'.repeat(64);
const body = '{"id":"evt_1","type":"test","createdAt":"2026-01-15T08:00:00.000Z","data":{}}';

describe('Tollgate-Signature', () => {
  it('is t=<unix seconds>,v1=<hex HMAC-SHA256 of t.body>', () => {
    const expected = createHmac('sha256', secret).update(`1768464000.${body}`).digest('hex');
    expect(signCallback(secret, body, 1768464000)).toBe(`t=1768464000,v1=${expected}`);
  });

  it('verifies only the same body, time and secret', () => {
    const header = signCallback(secret, body, 1768464000);
    expect(verifyCallbackSignature(header, body, secret)).toBe(true);
    expect(verifyCallbackSignature(header, `${body} `, secret)).toBe(false);
    expect(verifyCallbackSignature(header.replace('t=1768464000', 't=1768464001'), body, secret)).toBe(false);
    expect(verifyCallbackSignature(header, body, 'b'.repeat(64))).toBe(false);
    expect(verifyCallbackSignature('v1=abc', body, secret)).toBe(false);
    expect(verifyCallbackSignature('', body, secret)).toBe(false);
  });
});
