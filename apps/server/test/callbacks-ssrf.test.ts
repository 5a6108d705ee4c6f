/**
 * The callback SSRF guard: every refused range as a literal address (IPv4, IPv6 and the IPv4
 * forms hidden in IPv6), host names resolving to private addresses, DNS rebinding between the
 * check and the connection (the pinned address is the one connected to), and
 * ALLOW_PRIVATE_CALLBACKS.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { callbackDeliveries, callbackEvents } from '../src/db/schema';
import { type HostResolver, type ResolvedAddress, refusalOf } from '../src/modules/callbacks/address-guard';
import { attemptCallback, type CallbackDeliveryDeps } from '../src/modules/callbacks/callback-delivery';
import { recordCallbackEvent } from '../src/modules/callbacks/callback-events';
import { createCallbackWorker } from '../src/modules/callbacks/callback-queue';
import { buildTestApp, createTestClock } from './helpers/build-test-app';
import {
  type CallbackReceiver,
  createApplication,
  createOrderRow,
  startCallbackReceiver,
} from './helpers/callback-receiver';
import { createMerchant } from './helpers/factories';

const REFUSED = [
  ['127.0.0.1', 'loopback'],
  ['127.255.255.254', 'loopback'],
  ['10.0.0.1', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.255', 'private'],
  ['192.168.1.1', 'private'],
  ['169.254.1.1', 'link-local'],
  ['169.254.169.254', 'metadata'],
  ['100.64.0.1', 'carrier-grade NAT'],
  ['100.127.255.255', 'carrier-grade NAT'],
  ['224.0.0.1', 'multicast'],
  ['239.255.255.250', 'multicast'],
  ['0.0.0.0', 'unspecified'],
  ['0.1.2.3', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['192.0.2.10', 'special-purpose'],
  ['::1', 'loopback'],
  ['::', 'unspecified'],
  ['fc00::1', 'unique local'],
  ['fd12:3456::1', 'unique local'],
  ['fd00:ec2::254', 'metadata'],
  ['fe80::1', 'link-local'],
  ['febf:ffff::1', 'link-local'],
  ['ff02::1', 'multicast'],
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:7f00:1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'metadata'],
  ['::ffff:100.64.0.1', 'carrier-grade NAT'],
  ['::7f00:1', 'loopback'],
  ['::127.0.0.1', 'loopback'],
  ['::a9fe:a9fe', 'metadata'],
  ['::a00:1', 'private'],
  ['::808:808', 'IPv4-compatible'],
  ['64:ff9b::a00:1', 'special-purpose'],
  ['2002:a00:1::1', 'special-purpose'],
  ['2001:db8::1', 'special-purpose'],
] as const;
const PUBLIC = [
  '8.8.8.8',
  '1.1.1.1',
  '100.63.255.255',
  '100.128.0.1',
  '172.15.255.255',
  '172.32.0.1',
  '169.253.255.255',
  '2606:4700:4700::1111',
  '2a00:1450:4001:80b::200e',
  '::ffff:8.8.8.8',
];

describe('refusalOf', () => {
  it.each(REFUSED)('refuses %s (%s)', (address, why) => {
    expect(refusalOf(address, false)).toContain(why);
  });

  it.each(PUBLIC)('lets %s through', (address) => {
    expect(refusalOf(address, false)).toBeNull();
  });

  it('with ALLOW_PRIVATE_CALLBACKS: private, loopback, link-local, CGNAT and ULA, nothing else', () => {
    for (const address of [
      '127.0.0.1',
      '10.0.0.1',
      '192.168.1.1',
      '169.254.1.1',
      '100.64.0.1',
      '::1',
      'fd12::1',
      'fe80::1',
      '::ffff:127.0.0.1',
    ]) {
      expect(refusalOf(address, true), address).toBeNull();
    }
    for (const address of [
      '169.254.169.254',
      'fd00:ec2::254',
      '::ffff:169.254.169.254',
      '0.0.0.0',
      '::',
      '224.0.0.1',
      'ff02::1',
      '255.255.255.255',
      '64:ff9b::a00:1',
      '::7f00:1',
      '::a00:1',
      '::a9fe:a9fe',
    ]) {
      expect(refusalOf(address, true), address).not.toBeNull();
    }
  });
});

const clock = createTestClock();
let app: FastifyInstance;
let receiver: CallbackReceiver;
let merchantId: number;

beforeAll(async () => {
  app = await buildTestApp({ now: clock.now });
  await app.ready();
  await app.jobs.stop();
  merchantId = (await createMerchant(app)).id;
});
afterAll(() => app.close());
afterEach(() => receiver?.close());

/** A resolver that answers from a script, one answer per call, and counts the calls. */
function scriptedResolver(...answers: string[][]) {
  const calls: string[] = [];
  const resolve: HostResolver = async (hostname) => {
    calls.push(hostname);
    const answer = answers[Math.min(calls.length - 1, answers.length - 1)] ?? [];
    return answer.map((address): ResolvedAddress => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return { resolve, calls };
}

/** Loopback deliveries get 5 s on a loaded machine; the unreachable public address gives up sooner. */
function depsWith(resolve: HostResolver, allowPrivate = false, timeoutMs = 5_000): CallbackDeliveryDeps {
  return { db: app.db, now: clock.now, secrets: app.secrets, allowPrivate, resolve, timeoutMs };
}

async function eventFor(url: string) {
  const application = await createApplication(app, merchantId, { callbackUrl: url });
  const order = await createOrderRow(app, application);
  const event = await recordCallbackEvent(app.db, {
    merchantId,
    applicationId: application.id,
    orderId: order.id,
    type: 'collection.completed',
    data: { order: { orderNo: order.orderNo } },
    now: clock.now(),
  });
  return event.id;
}

const noDns = scriptedResolver();

describe('at send time', () => {
  it.each([
    ['http://127.0.0.1:PORT/n', '127.0.0.1, a loopback address'],
    ['http://[::1]:PORT/n', '::1, a loopback address'],
    ['http://[::ffff:127.0.0.1]:PORT/n', '::ffff:7f00:1, a loopback address'],
    ['http://0x7f000001:PORT/n', '127.0.0.1, a loopback address'],
    ['http://2130706433:PORT/n', '127.0.0.1, a loopback address'],
    ['http://169.254.169.254/latest/meta-data', '169.254.169.254, a cloud metadata address'],
    ['http://[fd00:ec2::254]/latest', 'fd00:ec2::254, a cloud metadata address'],
    ['http://[::7f00:1]:PORT/n', '::7f00:1, a loopback address (IPv4-compatible form)'],
    ['http://[::127.0.0.1]:PORT/n', '::7f00:1, a loopback address (IPv4-compatible form)'],
    ['http://[::a9fe:a9fe]/latest', '::a9fe:a9fe, a cloud metadata address (IPv4-compatible form)'],
    ['http://10.1.2.3/n', '10.1.2.3, a private address'],
    ['http://0.0.0.0:PORT/n', '0.0.0.0, the unspecified address'],
  ])('refuses %s, logs why and sends nothing', async (template, why) => {
    receiver = await startCallbackReceiver();
    const url = template.replace('PORT', String(receiver.port));
    const eventId = await eventFor(url);
    const attempt = await attemptCallback(depsWith(noDns.resolve), eventId, { lastAttempt: false });
    expect(attempt).toMatchObject({ outcome: 'failed', url, acknowledged: false });
    expect(attempt?.error).toBe(`refused by the SSRF guard: ${why}`);
    const [logged] = await app.db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.eventId, eventId));
    expect(logged).toMatchObject({ error: attempt?.error, responseStatus: null });
    expect(receiver.received).toEqual([]);
    expect(noDns.calls).toEqual([]);
  });

  it('refuses a host name resolving to a private address, or to a public and a private one', async () => {
    receiver = await startCallbackReceiver();
    for (const answer of [['10.0.0.5'], ['8.8.8.8', '127.0.0.1'], ['::ffff:192.168.0.9']]) {
      const dns = scriptedResolver(answer);
      const eventId = await eventFor(`http://shop.example:${receiver.port}/n`);
      const attempt = await attemptCallback(depsWith(dns.resolve), eventId, { lastAttempt: false });
      expect(attempt?.error).toMatch(/^refused by the SSRF guard: shop\.example resolves to /);
      expect(dns.calls).toEqual(['shop.example']);
    }
    expect(receiver.received).toEqual([]);
  });

  it('logs a name that does not resolve', async () => {
    const dns = scriptedResolver([]);
    const eventId = await eventFor('https://nowhere.example/n');
    const attempt = await attemptCallback(depsWith(dns.resolve), eventId, { lastAttempt: false });
    expect(attempt?.error).toBe('cannot resolve nowhere.example (no address)');
  });

  it('connects to the address it checked: a second, private DNS answer is never used', async () => {
    receiver = await startCallbackReceiver();
    // Rebinding: public at the check, then the receiver's loopback address for whoever asks again.
    const dns = scriptedResolver(['1.2.3.4'], ['127.0.0.1']);
    const eventId = await eventFor(`http://rebind.example:${receiver.port}/n`);
    const attempt = await attemptCallback(depsWith(dns.resolve, false, 1_000), eventId, {
      lastAttempt: false,
    });
    expect(dns.calls).toEqual(['rebind.example']);
    expect(attempt?.outcome).toBe('failed');
    expect(attempt?.error).not.toContain('SSRF');
    expect(receiver.received).toEqual([]);
  });

  it('connects to the address it checked: proven by reaching it under the host name', async () => {
    receiver = await startCallbackReceiver();
    // Allowed loopback first; a metadata address (refused even with the setting) after.
    const dns = scriptedResolver(['127.0.0.1'], ['169.254.169.254']);
    const eventId = await eventFor(`http://rebind.example:${receiver.port}/n`);
    const attempt = await attemptCallback(depsWith(dns.resolve, true), eventId, { lastAttempt: false });
    expect(attempt?.outcome).toBe('acknowledged');
    const [hit] = await receiver.hits(1);
    expect(hit?.headers.host).toBe(`rebind.example:${receiver.port}`);
    expect(dns.calls).toEqual(['rebind.example']);
  });

  it('ALLOW_PRIVATE_CALLBACKS=1 lets loopback through; still refuses the metadata address', async () => {
    receiver = await startCallbackReceiver();
    const allowed = await attemptCallback(depsWith(noDns.resolve, true), await eventFor(receiver.url()), {
      lastAttempt: false,
    });
    expect(allowed?.outcome).toBe('acknowledged');
    const metadata = await attemptCallback(
      depsWith(noDns.resolve, true),
      await eventFor('http://169.254.169.254/latest/meta-data'),
      { lastAttempt: false },
    );
    expect(metadata?.error).toContain('cloud metadata');
  });

  it('retries a refused target on the schedule, and reads the setting from the app config', async () => {
    receiver = await startCallbackReceiver();
    const eventId = await eventFor(receiver.url());
    const worker = createCallbackWorker({
      ...depsWith(noDns.resolve, app.config.allowPrivateCallbacks),
      log: app.log,
      retryDelaysMs: app.config.callbackRetryDelaysMs,
      concurrency: 1,
    });
    expect(app.config.allowPrivateCallbacks).toBe(false);
    worker.start();
    await worker.drain();
    await worker.stop();
    const [event] = await app.db.select().from(callbackEvents).where(eq(callbackEvents.id, eventId));
    expect(event).toMatchObject({
      tries: 1,
      leased: false,
      gaveUpAt: null,
      runAt: new Date(clock.now().getTime() + 15_000),
    });
    const [attempt] = await app.db
      .select()
      .from(callbackDeliveries)
      .where(eq(callbackDeliveries.eventId, eventId));
    expect(attempt?.error).toContain('refused by the SSRF guard');
    expect(receiver.received).toEqual([]);
  });
});
