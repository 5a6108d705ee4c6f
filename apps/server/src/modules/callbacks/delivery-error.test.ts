import { describe, expect, it } from 'vitest';
import { resolveCallbackTarget } from './address-guard';
import { postCallback } from './callback-http';
import { DELIVERY_ERROR_TEXT, deliveryErrorCode } from './delivery-error';

describe('deliveryErrorCode', () => {
  it('has no code for an attempt without an error', () => {
    expect(deliveryErrorCode(null)).toBeNull();
  });

  it.each([
    [DELIVERY_ERROR_TEXT.appDeleted, 'app_deleted'],
    [DELIVERY_ERROR_TEXT.noUrl, 'no_url'],
    [DELIVERY_ERROR_TEXT.invalidUrl, 'invalid_url'],
    ['not acknowledged: HTTP 500 without "success" or "ok"', 'not_acknowledged'],
    ['not sent: the sealed value was made with another key', 'not_sent'],
    ['ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9', 'connection_failed'],
    ['socket hang up', 'connection_failed'],
  ] as const)('reads %j as %s', (text, code) => {
    expect(deliveryErrorCode(text)).toBe(code);
  });

  it('reads the guard’s own refusals', async () => {
    const refused = await resolveCallbackTarget(new URL('http://127.0.0.1/'), {
      allowPrivate: false,
      resolve: async () => [{ address: '127.0.0.1', family: 4 }],
    });
    const unresolved = await resolveCallbackTarget(new URL('http://shop.example/'), {
      allowPrivate: false,
      resolve: async () => {
        throw Object.assign(new Error('not found'), { code: 'ENOTFOUND' });
      },
    });
    expect(!refused.ok && deliveryErrorCode(refused.error)).toBe('address_refused');
    expect(!unresolved.ok && deliveryErrorCode(unresolved.error)).toBe('dns_failed');
  });

  it('reads a timeout of the HTTP client', async () => {
    // A TCP port that accepts and never answers: a listening server that ignores the request.
    const { createServer } = await import('node:net');
    const silent = createServer(() => {});
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    const { port } = silent.address() as { port: number };
    const result = await postCallback({
      url: new URL(`http://127.0.0.1:${port}/notify`),
      address: { address: '127.0.0.1', family: 4 },
      body: '{}',
      headers: {},
      timeoutMs: 200,
    });
    silent.close();
    expect(deliveryErrorCode(result.error)).toBe('timeout');
  });
});
