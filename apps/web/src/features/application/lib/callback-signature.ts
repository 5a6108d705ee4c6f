/**
 * Checks a callback's `Tollgate-Signature: t=<unix seconds>,v1=<hex>` against its raw body and
 * the APPSECRET as a shop's server does: v1 = hex HMAC-SHA256(secret, t + "." + body). Runs in
 * the browser with WebCrypto; the secret never leaves the page.
 */
export type SignatureCheck =
  | { kind: 'malformed' }
  | { kind: 'valid' | 'invalid'; timestamp: number; ageSeconds: number };

export function parseSignatureHeader(header: string): { t: number; v1: string[] } | null {
  const parts = header
    .trim()
    .replace(/^tollgate-signature\s*:\s*/i, '')
    .split(',')
    .map((part) => part.trim().split('='));
  const t = parts.find(([key]) => key === 't')?.[1];
  const v1 = parts
    .filter(([key, value]) => key === 'v1' && value)
    .map(([, value]) => (value ?? '').toLowerCase());
  if (!t || !/^\d{1,12}$/.test(t) || v1.length === 0) return null;
  return { t: Number(t), v1 };
}

async function hmacHex(secret: string, message: string): Promise<string> {
  const encoder = new TextEncoder();
  const key = await crypto.subtle.importKey(
    'raw',
    encoder.encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  const signature = new Uint8Array(await crypto.subtle.sign('HMAC', key, encoder.encode(message)));
  return [...signature].map((byte) => byte.toString(16).padStart(2, '0')).join('');
}

export async function checkCallbackSignature(
  header: string,
  body: string,
  secret: string,
  nowMs: number = Date.now(),
): Promise<SignatureCheck> {
  const parsed = parseSignatureHeader(header);
  if (!parsed) return { kind: 'malformed' };
  const expected = await hmacHex(secret, `${parsed.t}.${body}`);
  return {
    kind: parsed.v1.includes(expected) ? 'valid' : 'invalid',
    timestamp: parsed.t,
    ageSeconds: Math.round(nowMs / 1000 - parsed.t),
  };
}
