import type { LookupAddress, LookupOptions } from 'node:dns';
import { EventEmitter } from 'node:events';
import { performance } from 'node:perf_hooks';
import { Pool } from 'undici';
import type { ResolvedAddress } from './address-guard';
import { DELIVERY_ERROR_TEXT } from './delivery-error';

/**
 * One callback POST, to the address the SSRF guard vetted: the connection's DNS lookup is
 * answered with that address whatever the host (TLS still checks the certificate against the
 * host name). Redirects are not followed (undici follows none unless told), the whole exchange
 * is bounded by `timeoutMs`, and only the first RESPONSE_KEEP_BYTES of the answer are read.
 *
 * Connections are kept alive per origin and vetted address (a pool each, at most KEPT_CLIENTS
 * pools, the least recently used closed first): a shop's callbacks reuse connections instead of
 * a TCP (and TLS) handshake each. A pool opens as many connections as requests come at once
 * (the job worker bounds them, jobs/start-jobs.ts CONCURRENT_JOBS), so no request ever waits in
 * a queue while its timeout runs. The guard still resolves and vets the host on every attempt; a host
 * that now resolves elsewhere gets a connection of its own to the new address.
 */
export const CALLBACK_TIMEOUT_MS = 10_000;
export const RESPONSE_KEEP_BYTES = 2048;

export interface CallbackHttpResult {
  status: number | null;
  /** The first 2 KB of the response body, as text. */
  body: string | null;
  error: string | null;
  durationMs: number;
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number,
) => void;

function pinnedLookup(pinned: ResolvedAddress) {
  return (_hostname: string, options: LookupOptions, callback: LookupCallback) => {
    if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
    else callback(null, pinned.address, pinned.family);
  };
}

const KEPT_CLIENTS = 256;
const clients = new Map<string, Pool>();

function clientFor(url: URL, address: ResolvedAddress, timeoutMs: number): Pool {
  const key = `${url.origin} ${address.address} ${timeoutMs}`;
  let client = clients.get(key);
  if (client && !client.destroyed && !client.closed) {
    clients.delete(key); // re-inserted last: the map's order is the order of use
  } else {
    client = new Pool(url.origin, {
      connections: null, // as many as requests in flight: none waits for another
      connect: { lookup: pinnedLookup(address), timeout: timeoutMs },
      headersTimeout: timeoutMs,
      bodyTimeout: timeoutMs,
    });
  }
  clients.set(key, client);
  for (const [oldest, stale] of clients) {
    if (clients.size <= KEPT_CLIENTS) break;
    clients.delete(oldest);
    stale.close().catch(() => {});
  }
  return client;
}

/** Closes every kept connection (the app's close). */
export async function closeCallbackClients(): Promise<void> {
  const open = [...clients.values()];
  clients.clear();
  await Promise.all(open.map((client) => client.close().catch(() => {})));
}

export async function postCallback(request: {
  url: URL;
  address: ResolvedAddress;
  body: string;
  headers: Record<string, string>;
  timeoutMs: number;
}): Promise<CallbackHttpResult> {
  const started = performance.now();
  const elapsed = () => Math.round(performance.now() - started);
  const client = clientFor(request.url, request.address, request.timeoutMs);
  const signal = new Deadline(request.timeoutMs);
  let status: number | null = null;
  try {
    const response = await client.request({
      method: 'POST',
      path: `${request.url.pathname}${request.url.search}`,
      headers: request.headers,
      body: request.body,
      signal,
    });
    status = response.statusCode;
    const body = await readFirstBytes(response.body, RESPONSE_KEEP_BYTES);
    return { status, body, error: null, durationMs: elapsed() };
  } catch (error) {
    const message = signal.aborted
      ? `${DELIVERY_ERROR_TEXT.timeout}${request.timeoutMs} ms`
      : describeError(error as Error & { code?: string; cause?: Error & { code?: string } });
    return { status, body: null, error: message, durationMs: elapsed() };
  } finally {
    signal.clear();
  }
}

/**
 * The whole exchange's bound, as the abort signal undici takes (an EventEmitter with `aborted`
 * and `reason`): a plain timer, cleared at the end. AbortSignal.timeout does the same at about
 * 50 µs a request (its timer is weakly held and finalized), which was a third of a callback's
 * HTTP cost under load (bench:gateway).
 */
class Deadline extends EventEmitter {
  aborted = false;
  reason: Error | undefined;
  private readonly timer: NodeJS.Timeout;

  constructor(ms: number) {
    super();
    this.timer = setTimeout(() => {
      this.aborted = true;
      this.reason = new Error(`timed out after ${ms} ms`);
      this.emit('abort');
    }, ms).unref();
  }

  clear(): void {
    clearTimeout(this.timer);
  }
}

async function readFirstBytes(body: AsyncIterable<Buffer> & { destroy(): void }, limit: number) {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of body) {
    chunks.push(chunk);
    length += chunk.length;
    if (length >= limit) break;
  }
  body.destroy();
  // PostgreSQL text holds no NUL character.
  return new TextDecoder().decode(Buffer.concat(chunks).subarray(0, limit)).replaceAll('\u0000', '');
}

function describeError(error: Error & { code?: string; cause?: Error & { code?: string } }): string {
  const inner = error.cause ?? error;
  const code = inner.code ?? error.code;
  const text = inner.message || error.message || String(error);
  return (code && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 500);
}
