/**
 * Checking a callback's `Tollgate-Signature` (modules/callbacks/callback-signature.ts) on the
 * receiver's side, in Node, PHP and Python. Each returns false for a header that is missing or
 * malformed (any type, any text) and never throws: a receiver calls it on whatever arrived.
 * test/callback-verify-samples.test.ts runs each with node, php and python3.
 */
export const CALLBACK_VERIFY_SAMPLES = [
  {
    label: 'Node',
    source: `import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * rawBody: the request body exactly as received (a string or Buffer); header: Tollgate-Signature
 * (undefined when missing). False for anything but a valid, recent signature; never throws.
 */
export function verifyCallback(rawBody, header, appSecret, maxAgeSeconds = 300) {
  if (typeof header !== 'string' || typeof appSecret !== 'string' || appSecret === '') return false;
  if (typeof rawBody !== 'string' && !Buffer.isBuffer(rawBody)) return false;
  const parts = new Map();
  for (const part of header.split(',')) {
    const at = part.indexOf('=');
    if (at > 0) parts.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  const t = parts.get('t') ?? '';
  const v1 = parts.get('v1') ?? '';
  if (!/^[0-9]{1,12}$/.test(t) || !/^[0-9a-f]{64}$/.test(v1)) return false;
  if (Math.abs(Date.now() / 1000 - Number(t)) > maxAgeSeconds) return false;
  const expected = createHmac('sha256', appSecret).update(\`\${t}.\`).update(rawBody).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}
`,
  },
  {
    label: 'PHP',
    source: `<?php
/**
 * $rawBody: the request body exactly as received; $header: Tollgate-Signature (null when
 * missing). False for anything but a valid, recent signature; never throws.
 */
function verify_callback($rawBody, $header, string $appSecret, int $maxAgeSeconds = 300): bool
{
    if (!is_string($rawBody) || !is_string($header) || $appSecret === '') {
        return false;
    }
    $parts = [];
    foreach (explode(',', $header) as $part) {
        $at = strpos($part, '=');
        if ($at !== false && $at > 0) {
            $parts[trim(substr($part, 0, $at))] = trim(substr($part, $at + 1));
        }
    }
    $t = $parts['t'] ?? '';
    $v1 = $parts['v1'] ?? '';
    if (preg_match('/^[0-9]{1,12}$/D', $t) !== 1 || preg_match('/^[0-9a-f]{64}$/D', $v1) !== 1) {
        return false;
    }
    if (abs(time() - (int) $t) > $maxAgeSeconds) {
        return false;
    }
    return hash_equals(hash_hmac('sha256', $t . '.' . $rawBody, $appSecret), $v1);
}
// $ok = verify_callback(file_get_contents('php://input'), $_SERVER['HTTP_TOLLGATE_SIGNATURE'] ?? null, APP_SECRET);
`,
  },
  {
    label: 'Python',
    source: `import hashlib
import hmac
import re
import time


def verify_callback(raw_body, header, app_secret, max_age_seconds=300):
    """raw_body: the request body exactly as received (bytes); header: Tollgate-Signature
    (None when missing). False for anything but a valid, recent signature; never raises."""
    if not isinstance(header, str) or not isinstance(app_secret, str) or not app_secret:
        return False
    if isinstance(raw_body, str):
        raw_body = raw_body.encode()
    if not isinstance(raw_body, (bytes, bytearray)):
        return False
    parts = {}
    for part in header.split(','):
        key, sep, value = part.partition('=')
        if sep and key.strip():
            parts[key.strip()] = value.strip()
    t = parts.get('t', '')
    v1 = parts.get('v1', '')
    # [0-9] and [0-9a-f] only: str.isdigit() takes other digits, and compare_digest
    # raises on non-ASCII text.
    if not re.fullmatch(r'[0-9]{1,12}', t) or not re.fullmatch(r'[0-9a-f]{64}', v1):
        return False
    if abs(time.time() - int(t)) > max_age_seconds:
        return False
    expected = hmac.new(app_secret.encode(), t.encode() + b'.' + bytes(raw_body), hashlib.sha256).hexdigest()
    return hmac.compare_digest(expected, v1)
`,
  },
] as const;
