import { createHmac } from 'node:crypto';
import { hexEquals } from '../applications/app-secret';

/**
 * The merchant API's request signature (docs/decisions/2026-11-23-merchant-api.md):
 *
 *   X-Signature = lower-case hex HMAC-SHA256(APPSECRET,
 *     timestamp + "\n" + nonce + "\n" + METHOD + "\n" + path with query + "\n" + raw body)
 *
 * The key is the APPSECRET exactly as shown to the merchant (its 64 characters as bytes, not
 * hex-decoded); the body is the bytes on the wire (empty for a GET), so no JSON re-encoding on
 * either side can make the two disagree. Pure functions: the hook in api-auth.ts applies them.
 */
export const API_HEADERS = {
  appId: 'x-app-id',
  timestamp: 'x-timestamp',
  nonce: 'x-nonce',
  signature: 'x-signature',
} as const;

/** A request more than this far from the server's clock (either way) is refused (2002). */
export const TIMESTAMP_WINDOW_MS = 5 * 60_000;
/**
 * How long a nonce is kept. A request accepted at t carries a timestamp within t ± window, so
 * its replay passes the timestamp check until at most t + 2 × window: the nonce must outlive
 * that, plus a minute for clocks of several nodes that disagree a little.
 */
export const NONCE_RETENTION_MS = 2 * TIMESTAMP_WINDOW_MS + 60_000;

export const APP_ID_PATTERN = /^[A-Za-z0-9_-]{1,64}$/;
export const NONCE_PATTERN = /^[A-Za-z0-9_-]{16,64}$/;
/** Milliseconds since the epoch: digits only (13 today), no sign, no fraction. */
export const TIMESTAMP_PATTERN = /^\d{1,16}$/;

export interface SignedParts {
  timestamp: string;
  nonce: string;
  method: string;
  /** The request target as sent: path and query string, percent-encoding untouched. */
  pathWithQuery: string;
  body: Buffer | string;
}

/**
 * The request target as signed: a `?` with nothing after it is no query (`/api/v1/orders?` is
 * signed as `/api/v1/orders`), as URL libraries drop it when they give a path and its search
 * (`url.pathname + url.search`) while the request line keeps it.
 */
export function canonicalTarget(pathWithQuery: string): string {
  return pathWithQuery.indexOf('?') === pathWithQuery.length - 1 ? pathWithQuery.slice(0, -1) : pathWithQuery;
}

/** The bytes that are signed. */
export function signingPayload(parts: SignedParts): Buffer {
  const head = `${parts.timestamp}\n${parts.nonce}\n${parts.method.toUpperCase()}\n${parts.pathWithQuery}\n`;
  const body = typeof parts.body === 'string' ? Buffer.from(parts.body, 'utf8') : parts.body;
  return Buffer.concat([Buffer.from(head, 'utf8'), body]);
}

export function computeSignature(appSecret: string, parts: SignedParts): string {
  return createHmac('sha256', appSecret).update(signingPayload(parts)).digest('hex');
}

/** Constant-time: how long the comparison takes says nothing of how much of a guess was right. */
export function isSignatureValid(appSecret: string, parts: SignedParts, signature: string): boolean {
  return hexEquals(computeSignature(appSecret, parts), signature);
}

/**
 * A request's signature against its target made canonical (canonicalTarget) or, for a target
 * ending in a bare `?`, as sent: a client signing the very line it sends is right too.
 */
export function isRequestSignatureValid(appSecret: string, parts: SignedParts, signature: string): boolean {
  const target = canonicalTarget(parts.pathWithQuery);
  return (
    isSignatureValid(appSecret, { ...parts, pathWithQuery: target }, signature) ||
    (target !== parts.pathWithQuery && isSignatureValid(appSecret, parts, signature))
  );
}

/** A timestamp that would be fresh if it were seconds: the caller sent seconds, not milliseconds. */
export function isTimestampInSeconds(timestamp: string, now: Date): boolean {
  const at = Number(timestamp) * 1000;
  return Number.isSafeInteger(at) && Math.abs(now.getTime() - at) <= TIMESTAMP_WINDOW_MS;
}

export function isTimestampFresh(timestamp: string, now: Date): boolean {
  const at = Number(timestamp);
  return Number.isSafeInteger(at) && Math.abs(now.getTime() - at) <= TIMESTAMP_WINDOW_MS;
}
