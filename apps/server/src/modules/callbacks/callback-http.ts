import type { LookupAddress, LookupOptions } from 'node:dns';
import { performance } from 'node:perf_hooks';
import { type Dispatcher, Pool } from 'undici';
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
 * (the callback worker bounds them, jobs/start-jobs.ts CONCURRENT_CALLBACKS), so no request ever waits in
 * a queue while its timeout runs. The guard still resolves and vets the host on every attempt; a host
 * that now resolves elsewhere gets a connection of its own to the new address.
 *
 * The exchange goes through undici's dispatch handler, not `request()`: the answer's first bytes
 * are gathered as they come, with no stream, no async iterator and no abort signal around them,
 * which made a POST cost its process as much as a raw `request()` with `body.text()` instead of
 * half as much again (bench:gateway's callbacks part).
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
  const client = clientFor(request.url, request.address, request.timeoutMs);
  return new Promise<CallbackHttpResult>((resolve) => {
    let status: number | null = null;
    let chunks: Buffer[] = [];
    let length = 0;
    let controller: Dispatcher.DispatchController | undefined;
    let timedOut = false;
    let settled = false;
    const finish = (result: Omit<CallbackHttpResult, 'durationMs'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...result, durationMs: Math.round(performance.now() - started) });
    };
    const kept = () =>
      // PostgreSQL text holds no NUL character; a character cut at the limit becomes U+FFFD.
      Buffer.concat(chunks, length)
        .toString('utf8', 0, Math.min(length, RESPONSE_KEEP_BYTES))
        .replaceAll('\u0000', '');
    // The whole exchange's bound: a plain timer (AbortSignal.timeout cost about 50 µs a request).
    const timer = setTimeout(() => {
      timedOut = true;
      controller?.abort(new Error('timed out'));
    }, request.timeoutMs).unref();
    client.dispatch(
      {
        method: 'POST',
        path: `${request.url.pathname}${request.url.search}`,
        headers: request.headers,
        body: request.body,
      },
      {
        onRequestStart(requestController) {
          controller = requestController;
          if (timedOut) requestController.abort(new Error('timed out'));
        },
        onResponseStart(_controller, statusCode) {
          status = statusCode;
          chunks = [];
          length = 0;
        },
        onResponseData(current, chunk) {
          chunks.push(chunk);
          length += chunk.length;
          // Enough is kept: the rest is not read (the connection is closed).
          if (length >= RESPONSE_KEEP_BYTES) {
            finish({ status, body: kept(), error: null });
            current.abort(new Error('the first bytes are kept'));
          }
        },
        onResponseEnd() {
          finish({ status, body: kept(), error: null });
        },
        onResponseError(_controller, error) {
          const message = timedOut
            ? `${DELIVERY_ERROR_TEXT.timeout}${request.timeoutMs} ms`
            : describeError(error as Error & { code?: string; cause?: Error & { code?: string } });
          finish({ status, body: null, error: message });
        },
      },
    );
  });
}

function describeError(error: Error & { code?: string; cause?: Error & { code?: string } }): string {
  const inner = error.cause ?? error;
  const code = inner.code ?? error.code;
  const text = inner.message || error.message || String(error);
  return (code && !text.includes(code) ? `${code}: ${text}` : text).slice(0, 500);
}
