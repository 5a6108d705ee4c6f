/**
 * The merchant API's part of the OpenAPI document: the signature scheme (a tag description and
 * four header security schemes) and a signed create in curl, Node, PHP and Python. The samples
 * are run against a real server by test/merchant-api-examples.test.ts (PHP, when php exists):
 * they must stay complete programs with these placeholders.
 */
export const SAMPLE_PLACEHOLDERS = {
  baseUrl: 'http://localhost:8080',
  appId: 'YOUR_APP_ID',
  appSecret: 'YOUR_APP_SECRET',
  merchantOrderNo: 'ORDER-1001',
} as const;

/** The four headers, required together (one security requirement object). */
export const API_SECURITY = { appId: [], timestamp: [], nonce: [], signature: [] } as const;

export const API_SECURITY_SCHEMES = {
  appId: { type: 'apiKey', in: 'header', name: 'X-App-Id', description: "The application's APPID" },
  timestamp: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Timestamp',
    description: 'Milliseconds since the Unix epoch; refused (2002) when more than 5 minutes away',
  },
  nonce: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Nonce',
    description: '16 to 64 characters of [A-Za-z0-9_-], new for every request (a replay is 2003)',
  },
  signature: {
    type: 'apiKey',
    in: 'header',
    name: 'X-Signature',
    description: 'Lower-case hex HMAC-SHA256 of the request under the APPSECRET (see the merchant-api tag)',
  },
} as const;

const { baseUrl, appId, appSecret, merchantOrderNo } = SAMPLE_PLACEHOLDERS;

const CURL = `BASE_URL='${baseUrl}'
APP_ID='${appId}'
APP_SECRET='${appSecret}'
BODY='{"merchantOrderNo":"${merchantOrderNo}","currency":"USDT","network":"TRON","amount":"10.5"}'
TIMESTAMP=$(date +%s%3N)   # ms since the epoch (GNU date; elsewhere: $(($(date +%s) * 1000)))
NONCE=$(openssl rand -hex 16)
SIGNATURE=$(printf '%s\\n%s\\n%s\\n%s\\n%s' "$TIMESTAMP" "$NONCE" POST /api/v1/collections "$BODY" \\
  | openssl dgst -sha256 -hmac "$APP_SECRET" | sed 's/^.*= //')
curl -sS -X POST "$BASE_URL/api/v1/collections" \\
  -H 'Content-Type: application/json' \\
  -H "X-App-Id: $APP_ID" \\
  -H "X-Timestamp: $TIMESTAMP" \\
  -H "X-Nonce: $NONCE" \\
  -H "X-Signature: $SIGNATURE" \\
  --data-raw "$BODY"
`;

const NODE = `// Node 18 or later: fetch and node:crypto only. Save as create-order.mjs.
import { createHmac, randomBytes } from 'node:crypto';

const BASE_URL = '${baseUrl}';
const APP_ID = '${appId}';
const APP_SECRET = '${appSecret}';

/** Lower-case hex HMAC-SHA256 of the five parts, each followed by a newline except the body. */
export function sign(secret, timestamp, nonce, method, pathWithQuery, body) {
  return createHmac('sha256', secret)
    .update(\`\${timestamp}\\n\${nonce}\\n\${method}\\n\${pathWithQuery}\\n\${body}\`)
    .digest('hex');
}

async function call(method, pathWithQuery, payload) {
  // Sign exactly the string that is sent.
  const body = payload === undefined ? '' : JSON.stringify(payload);
  const timestamp = String(Date.now());
  const nonce = randomBytes(16).toString('hex');
  const response = await fetch(BASE_URL + pathWithQuery, {
    method,
    headers: {
      'Content-Type': 'application/json',
      'X-App-Id': APP_ID,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': sign(APP_SECRET, timestamp, nonce, method, pathWithQuery, body),
    },
    body: body === '' ? undefined : body,
  });
  return response.json();
}

const result = await call('POST', '/api/v1/collections', {
  merchantOrderNo: '${merchantOrderNo}',
  currency: 'USDT',
  network: 'TRON',
  amount: '10.5',
});
if (result.code !== 0) throw new Error(\`\${result.code} \${result.message}\`);
console.log(result.data.cashierUrl);
`;

const PHP = `<?php
// PHP 7.4 or later with the curl extension.
const BASE_URL = '${baseUrl}';
const APP_ID = '${appId}';
const APP_SECRET = '${appSecret}';

/** Lower-case hex HMAC-SHA256 of the five parts, each followed by a newline except the body. */
function sign(string $secret, string $timestamp, string $nonce, string $method, string $pathWithQuery, string $body): string
{
    return hash_hmac('sha256', $timestamp . "\\n" . $nonce . "\\n" . $method . "\\n" . $pathWithQuery . "\\n" . $body, $secret);
}

function call(string $method, string $pathWithQuery, ?array $payload = null): array
{
    // Sign exactly the string that is sent.
    $body = $payload === null ? '' : json_encode($payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE);
    $timestamp = (string) (int) floor(microtime(true) * 1000);
    $nonce = bin2hex(random_bytes(16));
    $curl = curl_init(BASE_URL . $pathWithQuery);
    curl_setopt_array($curl, [
        CURLOPT_CUSTOMREQUEST => $method,
        CURLOPT_RETURNTRANSFER => true,
        CURLOPT_HTTPHEADER => [
            'Content-Type: application/json',
            'X-App-Id: ' . APP_ID,
            'X-Timestamp: ' . $timestamp,
            'X-Nonce: ' . $nonce,
            'X-Signature: ' . sign(APP_SECRET, $timestamp, $nonce, $method, $pathWithQuery, $body),
        ],
    ]);
    if ($body !== '') {
        curl_setopt($curl, CURLOPT_POSTFIELDS, $body);
    }
    $response = curl_exec($curl);
    if ($response === false) {
        throw new RuntimeException(curl_error($curl));
    }
    curl_close($curl);
    return json_decode($response, true);
}

$result = call('POST', '/api/v1/collections', [
    'merchantOrderNo' => '${merchantOrderNo}',
    'currency' => 'USDT',
    'network' => 'TRON',
    'amount' => '10.5',
]);
if ($result['code'] !== 0) {
    throw new RuntimeException($result['code'] . ' ' . $result['message']);
}
echo $result['data']['cashierUrl'], PHP_EOL;
`;

const PYTHON = `# Python 3.6 or later, standard library only.
import hashlib
import hmac
import json
import secrets
import time
import urllib.error
import urllib.request

BASE_URL = '${baseUrl}'
APP_ID = '${appId}'
APP_SECRET = '${appSecret}'


def sign(secret, timestamp, nonce, method, path_with_query, body):
    """Lower-case hex HMAC-SHA256 of the five parts, each followed by a newline except the body."""
    message = f'{timestamp}\\n{nonce}\\n{method}\\n{path_with_query}\\n'.encode() + body
    return hmac.new(secret.encode(), message, hashlib.sha256).hexdigest()


def call(method, path_with_query, payload=None):
    # Sign exactly the bytes that are sent.
    body = b'' if payload is None else json.dumps(payload, separators=(',', ':')).encode()
    timestamp = str(int(time.time() * 1000))
    nonce = secrets.token_hex(16)
    request = urllib.request.Request(BASE_URL + path_with_query, data=body or None, method=method, headers={
        'Content-Type': 'application/json',
        'X-App-Id': APP_ID,
        'X-Timestamp': timestamp,
        'X-Nonce': nonce,
        'X-Signature': sign(APP_SECRET, timestamp, nonce, method, path_with_query, body),
    })
    try:
        with urllib.request.urlopen(request) as response:
            return json.load(response)
    except urllib.error.HTTPError as error:  # refusals carry the same JSON envelope
        return json.load(error)


result = call('POST', '/api/v1/collections', {
    'merchantOrderNo': '${merchantOrderNo}',
    'currency': 'USDT',
    'network': 'TRON',
    'amount': '10.5',
})
if result['code'] != 0:
    raise SystemExit(f"{result['code']} {result['message']}")
print(result['data']['cashierUrl'])
`;

export const CODE_SAMPLES = [
  { lang: 'Shell', label: 'curl', source: CURL },
  { lang: 'JavaScript', label: 'Node', source: NODE },
  { lang: 'PHP', label: 'PHP', source: PHP },
  { lang: 'Python', label: 'Python', source: PYTHON },
] as const;

const FENCE: Record<(typeof CODE_SAMPLES)[number]['label'], string> = {
  curl: 'sh',
  Node: 'js',
  PHP: 'php',
  Python: 'python',
};

const SIGNATURE_SCHEME = `Signed JSON calls from your server. Answers use the same envelope as the rest of the API,
\`{ code, data, message }\` with \`code\` 0 for success; \`message\` is in the language of the \`lang\` header
(else the \`langCode\` parameter, else zh_CN).

## Signing a request
Every call carries four headers:

| Header | Value |
|---|---|
| \`X-App-Id\` | the application's APPID |
| \`X-Timestamp\` | the current time in milliseconds since the Unix epoch, e.g. \`1795462524208\` |
| \`X-Nonce\` | 16 to 64 characters of \`[A-Za-z0-9_-]\`, new for every request |
| \`X-Signature\` | lower-case hex HMAC-SHA256 of the string below, keyed with the APPSECRET |

The signed string is five parts joined by a newline (\`\\n\`, one byte 0x0A), with no newline after the body:

\`\`\`
timestamp + "\\n" + nonce + "\\n" + METHOD + "\\n" + path with query + "\\n" + raw body
\`\`\`

- **timestamp** and **nonce**: exactly the header values.
- **METHOD**: upper case, \`GET\` or \`POST\`.
- **path with query**: the request target exactly as sent, e.g. \`/api/v1/collections\` or
  \`/api/v1/collections?merchantOrderNo=ORDER-1001\` (percent-encoding as sent, no host).
- **raw body**: the exact bytes of the JSON body sent (UTF-8); empty for a GET. Sign the string you
  send, not an object serialized again.
- **key**: the APPSECRET as shown in the back office (its 64 characters as text, not hex-decoded).

## Refusals
Each has its own code, and a refused request changes nothing (it does not even use up its nonce):

| Code | HTTP | When |
|---|---|---|
| 2001 | 401 | a header is missing or malformed, or the APPID is unknown or its application deleted |
| 2002 | 401 | \`X-Timestamp\` is more than 5 minutes away from the server's time |
| 2003 | 401 | the nonce was already used by this application in the last 10 minutes (a replay) |
| 2004 | 401 | the signature does not match (wrong secret, or the method, path, query or body differ from what was signed) |
| 2005 | 403 | the application has an IP whitelist and the calling IP is not in it |
| 429 | 429 | too many requests for this application in a minute |

## Orders
\`status\` is \`pending\`, \`confirming\`, \`completed\` or \`expired\`; \`exception\`, kept apart, is
\`null\`, \`underpaid\`, \`overpaid\` or \`late\`. Amounts are decimal strings. Only the calling
application's own orders can be read; another's order number answers 404.

## A signed create
${CODE_SAMPLES.map((sample) => `### ${sample.label}\n\`\`\`${FENCE[sample.label]}\n${sample.source}\`\`\``).join('\n\n')}
`;

export const MERCHANT_API_TAG = { name: 'merchant-api', description: SIGNATURE_SCHEME };
