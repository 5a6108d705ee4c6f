/**
 * Checking a callback's `Tollgate-Signature` (modules/callbacks/callback-signature.ts) on the
 * receiver's side, in Node, PHP and Python. The Node one is run against a signed body by
 * test/api-docs.test.ts.
 */
export const CALLBACK_VERIFY_SAMPLES = [
  {
    label: 'Node',
    source: `import { createHmac, timingSafeEqual } from 'node:crypto';

/** rawBody: the request body exactly as received (a string); header: Tollgate-Signature. */
export function verifyCallback(rawBody, header, appSecret, maxAgeSeconds = 300) {
  const parts = Object.fromEntries(header.split(',').map((part) => part.trim().split('=')));
  const t = Number(parts.t);
  if (!Number.isSafeInteger(t) || !/^[0-9a-f]{64}$/.test(parts.v1 ?? '')) return false;
  if (Math.abs(Date.now() / 1000 - t) > maxAgeSeconds) return false;
  const expected = createHmac('sha256', appSecret).update(\`\${t}.\${rawBody}\`).digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}
`,
  },
  {
    label: 'PHP',
    source: `<?php
function verify_callback(string $rawBody, string $header, string $appSecret, int $maxAgeSeconds = 300): bool
{
    $parts = [];
    foreach (explode(',', $header) as $part) {
        [$key, $value] = array_pad(explode('=', trim($part), 2), 2, '');
        $parts[$key] = $value;
    }
    if (!ctype_digit($parts['t'] ?? '') || abs(time() - (int) $parts['t']) > $maxAgeSeconds) {
        return false;
    }
    $expected = hash_hmac('sha256', $parts['t'] . '.' . $rawBody, $appSecret);
    return hash_equals($expected, $parts['v1'] ?? '');
}
// $ok = verify_callback(file_get_contents('php://input'), $_SERVER['HTTP_TOLLGATE_SIGNATURE'] ?? '', APP_SECRET);
`,
  },
  {
    label: 'Python',
    source: `import hashlib
import hmac
import time


def verify_callback(raw_body: bytes, header: str, app_secret: str, max_age_seconds: int = 300) -> bool:
    parts = dict(part.strip().split('=', 1) for part in header.split(',') if '=' in part)
    t = parts.get('t', '')
    if not t.isdigit() or abs(time.time() - int(t)) > max_age_seconds:
        return False
    expected = hmac.new(app_secret.encode(), t.encode() + b'.' + raw_body, hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, parts.get('v1', ''))
`,
  },
] as const;
