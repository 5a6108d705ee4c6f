/**
 * The signed-request example on the collection intro: a create through POST
 * /api/v1/collections in curl + openssl, as the OpenAPI document's samples sign it
 * (lower-case hex HMAC-SHA256 of timestamp, nonce, method, path and raw body, one per line).
 * The merchant's own origin and first APPID go in; the secret stays a placeholder.
 */
export function signedCurlExample(origin: string, appId = 'YOUR_APP_ID'): string {
  return `BASE_URL='${origin}'
APP_ID='${appId}'
APP_SECRET='YOUR_APP_SECRET'
BODY='{"merchantOrderNo":"SHOP-1001","currency":"USDT","network":"TRON","amount":"10.5"}'
TIMESTAMP=$(date +%s%3N)
NONCE=$(openssl rand -hex 16)
SIGNATURE=$(printf '%s\\n%s\\n%s\\n%s\\n%s' "$TIMESTAMP" "$NONCE" POST /api/v1/collections "$BODY" \\
  | openssl dgst -sha256 -hmac "$APP_SECRET" | sed 's/^.*= //')
curl -sS -X POST "$BASE_URL/api/v1/collections" \\
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
