import { describe, expect, it } from 'vitest';
import {
  canonicalTarget,
  computeSignature,
  isRequestSignatureValid,
  isSignatureValid,
  isTimestampFresh,
  NONCE_PATTERN,
  NONCE_RETENTION_MS,
  signingPayload,
  TIMESTAMP_WINDOW_MS,
} from './signature';

// Expected values computed outside Node (Python's hmac module), so a mistake shared by the
// signer and this test cannot hide.
const SECRET = '3f1e6b0c9a2d4e5f8a7b6c5d4e3f2a1b0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f';
const POST = {
  timestamp: '1795462524208',
  nonce: 'nonce_0123456789abcdef',
  method: 'POST',
  pathWithQuery: '/api/v1/collections?x=1',
  body: '{"merchantOrderNo":"A-1","amount":"10.5","description":"咖啡"}',
};

describe('request signature', () => {
  it('matches an independently computed HMAC-SHA256, UTF-8 body included', () => {
    expect(computeSignature(SECRET, POST)).toBe(
      'e09b763489c36f2a45907c356319baf1cecaac0c7045aadc1e66d6cd2202dfe8',
    );
    expect(computeSignature(SECRET, { ...POST, body: Buffer.from(POST.body, 'utf8') })).toBe(
      'e09b763489c36f2a45907c356319baf1cecaac0c7045aadc1e66d6cd2202dfe8',
    );
  });

  it('signs a GET with an empty body after the last newline', () => {
    const get = { ...POST, method: 'get', pathWithQuery: '/api/v1/collections/TG1', body: '' };
    expect(signingPayload(get).toString()).toBe(
      '1795462524208\nnonce_0123456789abcdef\nGET\n/api/v1/collections/TG1\n',
    );
    expect(computeSignature(SECRET, get)).toBe(
      'b5aaf04b17e022ccc7518f39001a77ca0e3e0b6dd48d5e1d050b63e71699b8c7',
    );
  });

  it('fails for any other part, secret or signature', () => {
    const good = computeSignature(SECRET, POST);
    expect(isSignatureValid(SECRET, POST, good)).toBe(true);
    expect(isSignatureValid(SECRET, POST, good.toUpperCase())).toBe(false);
    expect(isSignatureValid(SECRET, POST, good.slice(0, 63))).toBe(false);
    expect(isSignatureValid(`${SECRET.slice(0, 63)}0`, POST, good)).toBe(false);
    for (const change of [
      { timestamp: '1795462524209' },
      { nonce: 'nonce_0123456789abcdeF' },
      { method: 'PUT' },
      { pathWithQuery: '/api/v1/collections?x=2' },
      { body: POST.body.replace('10.5', '10.50') },
    ]) {
      expect(isSignatureValid(SECRET, { ...POST, ...change }, good), JSON.stringify(change)).toBe(false);
    }
  });

  it('accepts timestamps within 5 minutes either way, not beyond', () => {
    const now = new Date(1_795_462_524_208);
    const at = (offset: number) => String(now.getTime() + offset);
    expect(isTimestampFresh(at(0), now)).toBe(true);
    expect(isTimestampFresh(at(TIMESTAMP_WINDOW_MS), now)).toBe(true);
    expect(isTimestampFresh(at(-TIMESTAMP_WINDOW_MS), now)).toBe(true);
    expect(isTimestampFresh(at(TIMESTAMP_WINDOW_MS + 1), now)).toBe(false);
    expect(isTimestampFresh(at(-TIMESTAMP_WINDOW_MS - 1), now)).toBe(false);
    expect(isTimestampFresh('99999999999999999', now)).toBe(false);
  });

  it('keeps nonces for longer than a replay could pass the timestamp check', () => {
    expect(NONCE_RETENTION_MS).toBeGreaterThan(2 * TIMESTAMP_WINDOW_MS);
  });

  it('takes nonces of 16 to 64 characters of [A-Za-z0-9_-]', () => {
    expect(NONCE_PATTERN.test('a'.repeat(16))).toBe(true);
    expect(NONCE_PATTERN.test(`${'A-_9'.repeat(16)}`)).toBe(true);
    expect(NONCE_PATTERN.test('a'.repeat(15))).toBe(false);
    expect(NONCE_PATTERN.test('a'.repeat(65))).toBe(false);
    expect(NONCE_PATTERN.test(`${'a'.repeat(16)}=`)).toBe(false);
    expect(NONCE_PATTERN.test(`${'a'.repeat(16)}\n`)).toBe(false);
  });

  it("treats a '?' with nothing after it as no query, and accepts the target as sent too", () => {
    expect(canonicalTarget('/api/v1/orders?')).toBe('/api/v1/orders');
    expect(canonicalTarget('/api/v1/orders')).toBe('/api/v1/orders');
    expect(canonicalTarget('/api/v1/orders?type=payout')).toBe('/api/v1/orders?type=payout');
    expect(canonicalTarget('/api/v1/orders??')).toBe('/api/v1/orders??');
    const sent = { ...POST, method: 'GET', pathWithQuery: '/api/v1/orders?', body: '' };
    const bare = computeSignature(SECRET, { ...sent, pathWithQuery: '/api/v1/orders' });
    expect(isRequestSignatureValid(SECRET, sent, bare)).toBe(true);
    expect(isRequestSignatureValid(SECRET, sent, computeSignature(SECRET, sent))).toBe(true);
    expect(isRequestSignatureValid(SECRET, { ...sent, pathWithQuery: '/api/v1/orders?x' }, bare)).toBe(false);
  });
});
