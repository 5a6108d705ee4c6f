/**
 * TRUST_PROXY: behind reverse proxies the client is the right-most X-Forwarded-For address
 * that no trusted proxy added; what the client wrote to the left of it never counts. Seen
 * through the login history, which records the address every per-IP rule uses.
 */
import { merchantProfile } from '@tollgate/contracts';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp } from './helpers/build-test-app';
import { createMerchant } from './helpers/factories';

/** A proxy's connection: its own address as the socket's, and the header as it forwards it. */
interface Hop {
  socket: string;
  forwardedFor?: string;
}

/**
 * An app under one TRUST_PROXY setting for the describe block it is called in (built once in
 * beforeAll: booting a database is the slow part), and what its login history records for a
 * login arriving as each hop.
 */
function underTrustProxy(trustProxy: string | undefined) {
  let app: FastifyInstance;
  let merchant: { email: string; password: string };
  beforeAll(async () => {
    app = await buildTestApp({ env: trustProxy === undefined ? {} : { TRUST_PROXY: trustProxy } });
    merchant = await createMerchant(app);
  });
  afterAll(() => app.close());

  return async function recordedIps(hops: Hop[]): Promise<string[]> {
    const recorded: string[] = [];
    for (const hop of hops) {
      const login = await app.inject({
        method: 'POST',
        url: '/front/login',
        remoteAddress: hop.socket,
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          ...(hop.forwardedFor === undefined ? {} : { 'x-forwarded-for': hop.forwardedFor }),
        },
        payload: new URLSearchParams({ email: merchant.email, password: merchant.password }).toString(),
      });
      const token = login.json().data.token as string;
      const profile = await app.inject({
        method: 'POST',
        url: '/front/userConfigFeign/pageUserInfo',
        headers: { 'content-type': 'application/json', 'x-auth-token': token },
        payload: '{}',
      });
      recorded.push(merchantProfile.parse(profile.json().data).loginRecords[0]?.ip ?? 'none');
    }
    return recorded;
  };
}

// The client (203.0.113.7) writes its own header, hoping to be 1.2.3.4.
const SPOOFED = '1.2.3.4';

describe('TRUST_PROXY unset', () => {
  const recordedIps = underTrustProxy(undefined);
  it('ignores X-Forwarded-For: the client is the socket’s peer', async () => {
    expect(await recordedIps([{ socket: '198.51.100.9', forwardedFor: SPOOFED }])).toEqual(['198.51.100.9']);
  });
});

describe('TRUST_PROXY=1', () => {
  const recordedIps = underTrustProxy('1');
  // The proxy (127.0.0.1) appends the address the request came from to the client's header.
  const throughProxy: Hop = { socket: '127.0.0.1', forwardedFor: `${SPOOFED}, 203.0.113.7` };

  it('one proxy in front: a spoofed header leaves the real client', async () => {
    expect(await recordedIps([throughProxy, { socket: '127.0.0.1', forwardedFor: '203.0.113.8' }])).toEqual([
      '203.0.113.7',
      '203.0.113.8',
    ]);
  });
});

describe('TRUST_PROXY=127.0.0.1', () => {
  const recordedIps = underTrustProxy('127.0.0.1');
  it('the same through that proxy; a client reaching the server directly is itself', async () => {
    expect(
      await recordedIps([
        { socket: '127.0.0.1', forwardedFor: `${SPOOFED}, 203.0.113.7` },
        { socket: '198.51.100.9', forwardedFor: SPOOFED },
      ]),
    ).toEqual(['203.0.113.7', '198.51.100.9']);
  });
});

// A chain of two: client 203.0.113.7 → edge proxy 10.0.0.5 → inner proxy 10.1.2.3 → the server.
const THROUGH_CHAIN: Hop = { socket: '10.1.2.3', forwardedFor: `${SPOOFED}, 203.0.113.7, 10.0.0.5` };

describe('TRUST_PROXY=2', () => {
  const recordedIps = underTrustProxy('2');
  it('a chain of two proxies: the client before them', async () => {
    expect(await recordedIps([THROUGH_CHAIN])).toEqual(['203.0.113.7']);
  });
});

describe('TRUST_PROXY as the two proxies’ CIDRs', () => {
  const recordedIps = underTrustProxy('10.0.0.0/24,10.1.0.0/16');
  it('a chain of two proxies: the client before them', async () => {
    expect(
      await recordedIps([
        THROUGH_CHAIN,
        // Only the inner proxy stands between: the address it received from is the client.
        { socket: '10.1.2.3', forwardedFor: `${SPOOFED}, 192.0.2.44` },
      ]),
    ).toEqual(['203.0.113.7', '192.0.2.44']);
  });
});
