/**
 * A known answer for the request signature (signature.ts), shown in /docs/api and in the
 * OpenAPI document's merchant-api tag so that a merchant can check their own code against it.
 * Written out, not computed: test/api-docs.test.ts recomputes `signature` with the server's
 * computeSignature, so the published text and the server can never disagree.
 */
export const SIGNATURE_EXAMPLE = {
  appSecret: '1618e9f147cabbba1054759ae4f4a58d31e5426d32501e0ed164a6d538c93c84',
  timestamp: '1795462524208',
  nonce: '3f1c0a9e5b7d4c2a8e6f1b0d9c7a5e3f',
  method: 'POST',
  pathWithQuery: '/api/v1/collections',
  body: '{"merchantOrderNo":"ORDER-1001","currency":"USDT","network":"TRON","amount":"10.5"}',
  signature: 'b6f585f7a964b8f3ef97fc67881dd779c1d761e0f274af0f043902f6ce7a81b5',
} as const;

/** The string to sign of the example, its five parts joined by "\n". */
export const SIGNATURE_EXAMPLE_STRING = [
  SIGNATURE_EXAMPLE.timestamp,
  SIGNATURE_EXAMPLE.nonce,
  SIGNATURE_EXAMPLE.method,
  SIGNATURE_EXAMPLE.pathWithQuery,
  SIGNATURE_EXAMPLE.body,
].join('\n');
