/**
 * How long a client may take to send its request. Node's HTTP server enforces two limits,
 * both measured from the request's first byte: the headers (`headersTimeout`) and the whole
 * request, body included (`requestTimeout`). Either one expiring answers 408 through the
 * clientErrorHandler and closes the connection. Fastify turns `requestTimeout` off by default,
 * so a body that stops arriving (`Content-Length: 100` and 5 bytes, or an unfinished chunked
 * body) held its socket forever, and some thousands of them exhausted the file limit.
 *
 * Node looks for expired requests on a timer, every 30 s by default, which would let a
 * stalled body live up to twice its limit; every second keeps the 408 close to the limit.
 * The check walks only the connections whose request is still arriving.
 */
export interface RequestTimeouts {
  /** The whole request, headers and body. */
  requestMs: number;
  /** The headers alone; also a connection that sends nothing at all. */
  headersMs: number;
  checkIntervalMs: number;
}

export const REQUEST_TIMEOUTS: Readonly<RequestTimeouts> = {
  requestMs: 30_000,
  // Below the request limit, so that a stall in the headers is cut by its own limit first.
  headersMs: 20_000,
  checkIntervalMs: 1_000,
};

/** The Fastify options that apply the limits (tests shorten them; production takes the defaults). */
export function toServerTimeoutOptions(overrides: Partial<RequestTimeouts> = {}) {
  const { requestMs, headersMs, checkIntervalMs } = { ...REQUEST_TIMEOUTS, ...overrides };
  return {
    // Fastify writes its own `requestTimeout` onto the server after creating it: both must agree.
    requestTimeout: requestMs,
    http: {
      requestTimeout: requestMs,
      // Node refuses a headers limit above the request limit.
      headersTimeout: Math.min(headersMs, requestMs),
      connectionsCheckingInterval: checkIntervalMs,
    },
  };
}
