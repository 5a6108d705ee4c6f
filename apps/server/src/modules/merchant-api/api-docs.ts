import { API_DOCS_PATH } from '../api-docs/api-docs-path';
import { type CodeSample, codeSamplesFor } from './api-examples';
import { NONCE_RETENTION_MS } from './signature';
import { SIGNATURE_EXAMPLE, SIGNATURE_EXAMPLE_STRING } from './signature-example';

/**
 * The merchant API's part of the OpenAPI document: the signature scheme (a tag description and
 * four header security schemes) and a signed create in curl, Node, PHP and Python. Every call's
 * own examples (api-examples.ts, `x-codeSamples`) are run against a real server by
 * test/merchant-api-examples.test.ts. The readable documentation in four languages is served
 * at API_DOCS_PATH from the same document (modules/api-docs).
 */
export { SAMPLE_PLACEHOLDERS } from './api-examples';

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

/** The signed create of the tag's text: the same program as the call's own example. */
export const CODE_SAMPLES = codeSamplesFor('createCollection');

const FENCE: Record<CodeSample['label'], string> = {
  curl: 'sh',
  Node: 'js',
  PHP: 'php',
  Python: 'python',
};

const SIGNATURE_SCHEME = `Signed JSON calls from your server. Step-by-step documentation in Simplified and Traditional
Chinese, English and Vietnamese, with examples of every call: [${API_DOCS_PATH}](${API_DOCS_PATH}). Answers use the same envelope as the rest of the API,
\`{ code, data, message }\` with \`code\` 0 for success; \`message\` is in the language of the \`lang\` header
(else the \`langCode\` parameter, else the preferred of the four in \`Accept-Language\`, else zh_CN). Every answer carries an \`X-Request-Id\` header, the request's id in the
server's logs: quote it to support.

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
  \`/api/v1/collections?merchantOrderNo=ORDER-1001\` (percent-encoding as sent, no host). A \`?\`
  with nothing after it is no query: leave it out (\`/api/v1/orders?\` is signed as \`/api/v1/orders\`).
- **raw body**: the exact bytes of the JSON body sent (UTF-8); empty for a GET. Sign the string you
  send, not an object serialized again.
- **key**: the APPSECRET as shown in the back office (its 64 characters as text, not hex-decoded).

A known answer: with the APPSECRET \`${SIGNATURE_EXAMPLE.appSecret}\`, the string

\`\`\`
${SIGNATURE_EXAMPLE_STRING}
\`\`\`

gives \`X-Signature: ${SIGNATURE_EXAMPLE.signature}\`.

## Refusals
Each has its own code, and a request refused here changes nothing and leaves its nonce unused. Once a
request passes these checks its nonce is used up, whatever the answer (a 1001, 3001 or 404 too): send
every request, retries included, with a new nonce.

| Code | HTTP | When |
|---|---|---|
| 2001 | 401 | a header is missing or malformed, or the APPID is unknown or its application deleted |
| 2002 | 401 | \`X-Timestamp\` is more than 5 minutes away from the server's time (a timestamp in seconds is told so: send milliseconds) |
| 2003 | 401 | the nonce was already used by this application in the last ${NONCE_RETENTION_MS / 60_000} minutes (a replay) |
| 2004 | 401 | the signature does not match (wrong secret, or the method, path, query or body differ from what was signed) |
| 2005 | 403 | the application has an IP whitelist and the calling IP is not in it (the message names the IP the server saw) |
| 429 | 429 | more than 1,200 requests (API_RATE_LIMIT) for this application in a minute, /api/v1 and the epusdt endpoint together; \`Retry-After\` gives the seconds to wait |

Every answer whose \`X-App-Id\` names a usable application carries its budget: \`RateLimit-Limit\` (requests a
minute), \`RateLimit-Remaining\` (left in this minute) and \`RateLimit-Reset\` (seconds until it refills); a
request refused before the budget is checked (2002, 2004, 2005) carries them too and is not counted. An answer
that identifies no application (2001: a header missing or malformed, an unknown, deleted or disabled
application) carries none.

## Orders
\`status\` is \`pending\`, \`confirming\`, \`completed\` or \`expired\`; \`exception\`, kept apart, is
\`null\`, \`underpaid\`, \`overpaid\` or \`late\`. Amounts are decimal strings. Only the calling
application's own orders can be read; another's order number answers 404.

## A signed create
${CODE_SAMPLES.map((sample) => `### ${sample.label}\n\`\`\`${FENCE[sample.label]}\n${sample.source}\`\`\``).join('\n\n')}
`;

export const MERCHANT_API_TAG = { name: 'merchant-api', description: SIGNATURE_SCHEME };
