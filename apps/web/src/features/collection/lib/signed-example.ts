/**
 * The signed-request example on the collection and payout intros: a create through POST
 * /api/v1/collections (or /api/v1/payouts) in curl + openssl, as the OpenAPI document's samples sign it
 * (lower-case hex HMAC-SHA256 of timestamp, nonce, method, path and raw body, one per line).
 * The merchant's own origin and first APPID go in; the secret stays a placeholder.
 */
const EXAMPLES = {
  collection: {
    path: '/api/v1/collections',
    body: '{"merchantOrderNo":"SHOP-1001","currency":"USDT","network":"TRON","amount":"10.5"}',
  },
  payout: {
    path: '/api/v1/payouts',
    body: '{"merchantOrderNo":"PAY-1001","currency":"USDT","network":"TRON","address":"TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH","amount":"25"}',
  },
} as const;

export function signedCurlExample(
  origin: string,
  appId = 'YOUR_APP_ID',
  kind: keyof typeof EXAMPLES = 'collection',
): string {
  const { path, body } = EXAMPLES[kind];
  return `BASE_URL='${origin}'
APP_ID='${appId}'
APP_SECRET='YOUR_APP_SECRET'
BODY='${body}'
TIMESTAMP=$(date +%s%3N)
NONCE=$(openssl rand -hex 16)
SIGNATURE=$(printf '%s\\n%s\\n%s\\n%s\\n%s' "$TIMESTAMP" "$NONCE" POST ${path} "$BODY" \\
  | openssl dgst -sha256 -hmac "$APP_SECRET" | sed 's/^.*= //')
curl -sS -X POST "$BASE_URL${path}" \\
  -H 'Content-Type: application/json' \\
  -H "X-App-Id: $APP_ID" \\
  -H "X-Timestamp: $TIMESTAMP" \\
  -H "X-Nonce: $NONCE" \\
  -H "X-Signature: $SIGNATURE" \\
  --data-raw "$BODY"`;
}

/** Outside reading, in Chinese for the Chinese interfaces and in English otherwise. */
export function docLinks(language: string): { key: 'hmacDoc' | 'cryptoDoc'; href: string }[] {
  const isChinese = language.startsWith('zh');
  return [
    {
      key: 'hmacDoc',
      href: isChinese ? 'https://zh.wikipedia.org/wiki/HMAC' : 'https://www.rfc-editor.org/rfc/rfc2104',
    },
    {
      key: 'cryptoDoc',
      href: isChinese
        ? 'https://nodejs.cn/api/crypto.html#cryptocreatehmacalgorithm-key-options'
        : 'https://nodejs.org/api/crypto.html#cryptocreatehmacalgorithm-key-options',
    },
  ];
}

/**
 * The server's own API documentation (apps/server/src/modules/api-docs), in the interface's
 * language, opened at the collection or payout calls.
 */
export function apiDocsUrl(language: string, kind: keyof typeof EXAMPLES = 'collection'): string {
  const anchor = kind === 'payout' ? 'op-createPayout' : 'op-createCollection';
  return `/docs/api?lang=${encodeURIComponent(language)}#${anchor}`;
}
