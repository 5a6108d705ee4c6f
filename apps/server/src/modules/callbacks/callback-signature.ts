import { createHmac } from 'node:crypto';
import { hexEquals } from '../applications/app-secret';

/**
 * The `Tollgate-Signature` header of a callback: `t=<unix seconds>,v1=<hex HMAC-SHA256>` of
 * `t + "." + body` under the application's APPSECRET (Stripe's scheme: the timestamp is signed
 * with the body, so a receiver can refuse a replayed old request). `t` is the time of each
 * attempt; the body is the same on every attempt.
 */
export const SIGNATURE_HEADER = 'Tollgate-Signature';

export function signCallback(appSecret: string, body: string, unixSeconds: number): string {
  const v1 = createHmac('sha256', appSecret).update(`${unixSeconds}.${body}`, 'utf8').digest('hex');
  return `t=${unixSeconds},v1=${v1}`;
}

/** Whether a header (as a receiver got it) signs this body under this secret. */
export function verifyCallbackSignature(header: string, body: string, appSecret: string): boolean {
  const parts = new Map(
    header.split(',').map((part) => {
      const at = part.indexOf('=');
      return [part.slice(0, at).trim(), part.slice(at + 1).trim()] as const;
    }),
  );
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^\d{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  return hexEquals(signCallback(appSecret, body, Number(t)).split('v1=')[1] ?? '', v1);
}
