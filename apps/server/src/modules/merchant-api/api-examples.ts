import { API_BASE_PATH, type apiEndpoints, type Language } from '@tollgate/contracts';

/**
 * The examples of every /api/v1 call in curl, Node, PHP and Python: one template per language,
 * filled with each call's method, path and body, so the four can never say different things.
 * They are complete programs with the placeholders below; test/merchant-api-examples.test.ts
 * fills them in and runs them against a listening server (PHP and Python where installed).
 * Each sends a `lang` header: the language of the documentation that shows it (/docs/api in
 * that language; en_US in the OpenAPI document), so `message` comes back in the reader's.
 */
export const SAMPLE_PLACEHOLDERS = {
  baseUrl: 'http://localhost:8080',
  appId: 'YOUR_APP_ID',
  appSecret: 'YOUR_APP_SECRET',
  merchantOrderNo: 'ORDER-1001',
  payoutNo: 'PAYOUT-1001',
  orderNo: 'YOUR_ORDER_NO',
  address: 'TUEZSdKsoDHQMeZwihtdoBiN46zxhGWYdH',
} as const;

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
export type OperationId = keyof typeof apiEndpoints;

interface ExampleCall {
  method: 'GET' | 'POST';
  /** Path and query as sent, placeholders included. */
  pathWithQuery: string;
  payload?: { [key: string]: Json };
}

const P = SAMPLE_PLACEHOLDERS;
const payout = (merchantOrderNo: string, amount: string) => ({
  merchantOrderNo,
  currency: 'USDT',
  network: 'TRON',
  address: P.address,
  amount,
});

/** What each call's example sends. A call added to contracts without one fails to compile. */
export const EXAMPLE_CALLS: Record<OperationId, ExampleCall> = {
  createCollection: {
    method: 'POST',
    pathWithQuery: `${API_BASE_PATH}/collections`,
    payload: { merchantOrderNo: P.merchantOrderNo, currency: 'USDT', network: 'TRON', amount: '10.5' },
  },
  getCollection: { method: 'GET', pathWithQuery: `${API_BASE_PATH}/collections/${P.orderNo}` },
  findCollection: {
    method: 'GET',
    pathWithQuery: `${API_BASE_PATH}/collections?merchantOrderNo=${P.merchantOrderNo}`,
  },
  getBalances: { method: 'GET', pathWithQuery: `${API_BASE_PATH}/balances` },
  createTestDeposit: {
    method: 'POST',
    pathWithQuery: `${API_BASE_PATH}/test/deposits`,
    payload: { currency: 'USDT', network: 'TRON', amount: '100' },
  },
  createPayout: {
    method: 'POST',
    pathWithQuery: `${API_BASE_PATH}/payouts`,
    payload: payout(P.payoutNo, '25'),
  },
  createPayoutBatch: {
    method: 'POST',
    pathWithQuery: `${API_BASE_PATH}/payouts/batch`,
    payload: { items: [payout(`${P.payoutNo}-1`, '10'), payout(`${P.payoutNo}-2`, '12.5')] },
  },
  getPayout: { method: 'GET', pathWithQuery: `${API_BASE_PATH}/payouts/${P.orderNo}` },
  findPayout: {
    method: 'GET',
    pathWithQuery: `${API_BASE_PATH}/payouts?merchantOrderNo=${P.payoutNo}`,
  },
  listOrders: {
    method: 'GET',
    pathWithQuery: `${API_BASE_PATH}/orders?type=payout&limit=50`,
  },
  testPayCollection: {
    method: 'POST',
    pathWithQuery: `${API_BASE_PATH}/test/collections/${P.orderNo}/pay`,
    payload: { amount: '10.5' },
  },
};

const indent = (depth: number) => '    '.repeat(depth);

/** A JSON value as a PHP array literal (json_encode gives back the same JSON text). */
function php(value: Json, depth = 0): string {
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => `${indent(depth + 1)}${php(v, depth + 1)},\n`).join('')}${indent(depth)}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([k, v]) => `${indent(depth + 1)}'${k}' => ${php(v, depth + 1)},\n`,
    );
    return `[\n${entries.join('')}${indent(depth)}]`;
  }
  return typeof value === 'string' ? `'${value.replace(/[\\']/g, '\\$&')}'` : JSON.stringify(value);
}

/** A JSON value as a Python literal (json.dumps with compact separators gives back the same text). */
function python(value: Json, depth = 0): string {
  if (Array.isArray(value)) {
    return `[\n${value.map((v) => `${indent(depth + 1)}${python(v, depth + 1)},\n`).join('')}${indent(depth)}]`;
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value).map(
      ([k, v]) => `${indent(depth + 1)}'${k}': ${python(v, depth + 1)},\n`,
    );
    return `{\n${entries.join('')}${indent(depth)}}`;
  }
  if (value === null) return 'None';
  if (typeof value === 'boolean') return value ? 'True' : 'False';
  return typeof value === 'string' ? `'${value.replace(/[\\']/g, '\\$&')}'` : JSON.stringify(value);
}

/** A JSON value as a JavaScript literal, two-space indented. */
function javascript(value: Json): string {
  return JSON.stringify(value, null, 2)
    .replace(/"([A-Za-z_$][\w$]*)":/g, '$1:')
    .replace(/"/g, "'");
}

function curl({ method, pathWithQuery, payload }: ExampleCall, lang: Language): string {
  const body = payload === undefined ? '' : JSON.stringify(payload);
  return `BASE_URL='${P.baseUrl}'
APP_ID='${P.appId}'
APP_SECRET='${P.appSecret}'
BODY='${body}'${payload === undefined ? '   # a GET signs an empty body' : ''}
TIMESTAMP=$(date +%s%3N)   # ms since the epoch (GNU date; elsewhere: $(($(date +%s) * 1000)))
NONCE=$(openssl rand -hex 16)
SIGNATURE=$(printf '%s\\n%s\\n%s\\n%s\\n%s' "$TIMESTAMP" "$NONCE" ${method} '${pathWithQuery}' "$BODY" \\
  | openssl dgst -sha256 -hmac "$APP_SECRET" | sed 's/^.*= //')
curl -sS -X ${method} "$BASE_URL${pathWithQuery}" \\
${payload === undefined ? '' : "  -H 'Content-Type: application/json' \\\n"}  -H 'lang: ${lang}' \\
  -H "X-App-Id: $APP_ID" \\
  -H "X-Timestamp: $TIMESTAMP" \\
  -H "X-Nonce: $NONCE" \\
  -H "X-Signature: $SIGNATURE"${payload === undefined ? '' : ' \\\n  --data-raw "$BODY"'}
`;
}

function node({ method, pathWithQuery, payload }: ExampleCall, lang: Language): string {
  const args = payload === undefined ? '' : `, ${javascript(payload)}`;
  return `// Node 18 or later: fetch and node:crypto only. Save as example.mjs.
import { createHmac, randomBytes } from 'node:crypto';

const BASE_URL = '${P.baseUrl}';
const APP_ID = '${P.appId}';
const APP_SECRET = '${P.appSecret}';

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
      lang: '${lang}', // the language of \`message\`: zh_CN, zh_TW, en_US or vi_VN
      'X-App-Id': APP_ID,
      'X-Timestamp': timestamp,
      'X-Nonce': nonce,
      'X-Signature': sign(APP_SECRET, timestamp, nonce, method, pathWithQuery, body),
    },
    body: body === '' ? undefined : body,
  });
  return response.json();
}

const result = await call('${method}', '${pathWithQuery}'${args});
if (result.code !== 0) throw new Error(\`\${result.code} \${result.message}\`);
console.log(JSON.stringify(result.data, null, 2));
`;
}

function phpProgram({ method, pathWithQuery, payload }: ExampleCall, lang: Language): string {
  const args = payload === undefined ? '' : `, ${php(payload)}`;
  return `<?php
// PHP 7.4 or later with the curl extension.
const BASE_URL = '${P.baseUrl}';
const APP_ID = '${P.appId}';
const APP_SECRET = '${P.appSecret}';

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
            'lang: ${lang}', // the language of \`message\`: zh_CN, zh_TW, en_US or vi_VN
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

$result = call('${method}', '${pathWithQuery}'${args});
if ($result['code'] !== 0) {
    throw new RuntimeException($result['code'] . ' ' . $result['message']);
}
echo json_encode($result['data'], JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES), PHP_EOL;
`;
}

function pythonProgram({ method, pathWithQuery, payload }: ExampleCall, lang: Language): string {
  const args = payload === undefined ? '' : `, ${python(payload)}`;
  return `# Python 3.6 or later, standard library only.
import hashlib
import hmac
import json
import secrets
import time
import urllib.error
import urllib.request

BASE_URL = '${P.baseUrl}'
APP_ID = '${P.appId}'
APP_SECRET = '${P.appSecret}'


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
        'lang': '${lang}',  # the language of \`message\`: zh_CN, zh_TW, en_US or vi_VN
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


result = call('${method}', '${pathWithQuery}'${args})
if result['code'] != 0:
    raise SystemExit(f"{result['code']} {result['message']}")
print(json.dumps(result['data'], indent=2))
`;
}

export interface CodeSample {
  lang: 'Shell' | 'JavaScript' | 'PHP' | 'Python';
  label: 'curl' | 'Node' | 'PHP' | 'Python';
  source: string;
}

/**
 * The four examples of one call (OpenAPI's `x-codeSamples`), sending `lang`: the language of
 * the documentation they are shown in.
 */
export function codeSamplesFor(operationId: OperationId, lang: Language = 'en_US'): CodeSample[] {
  const call = EXAMPLE_CALLS[operationId];
  return [
    { lang: 'Shell', label: 'curl', source: curl(call, lang) },
    { lang: 'JavaScript', label: 'Node', source: node(call, lang) },
    { lang: 'PHP', label: 'PHP', source: phpProgram(call, lang) },
    { lang: 'Python', label: 'Python', source: pythonProgram(call, lang) },
  ];
}
