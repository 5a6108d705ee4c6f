import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { checkCallbackSignature, parseSignatureHeader } from './callback-signature';

const SECRET = 'a1b2c3d4e5f60718293a4b5c6d7e8f900112233445566778899aabbccddeeff0';
const BODY = '{"id":"evt_1","type":"collection.completed","createdAt":"2026-11-25T03:00:00.000Z","data":{}}';
const sign = (t: number, body = BODY, secret = SECRET) =>
  `t=${t},v1=${createHmac('sha256', secret).update(`${t}.${body}`).digest('hex')}`;

describe('checkCallbackSignature', () => {
  it('accepts what the server signs, header name or not, and tells its age', async () => {
    const t = 1_795_575_000;
    expect(await checkCallbackSignature(sign(t), BODY, SECRET, (t + 42) * 1000)).toEqual({
      kind: 'valid',
      timestamp: t,
      ageSeconds: 42,
    });
    expect((await checkCallbackSignature(`Tollgate-Signature: ${sign(t)}`, BODY, SECRET)).kind).toBe('valid');
  });

  it('refuses another body, another secret or another time', async () => {
    const t = 1_795_575_000;
    expect((await checkCallbackSignature(sign(t), `${BODY} `, SECRET)).kind).toBe('invalid');
    expect((await checkCallbackSignature(sign(t), BODY, `${SECRET.slice(1)}x`)).kind).toBe('invalid');
    expect((await checkCallbackSignature(sign(t).replace(`t=${t}`, `t=${t + 1}`), BODY, SECRET)).kind).toBe(
      'invalid',
    );
  });

  it('says when the header is not one', async () => {
    expect(parseSignatureHeader('v1=abc')).toBeNull();
    expect(parseSignatureHeader('t=abc,v1=00')).toBeNull();
    expect((await checkCallbackSignature('nonsense', BODY, SECRET)).kind).toBe('malformed');
  });
});
