import { ErrorCode } from '@tollgate/contracts';
import type { FastifyInstance, FastifyReply, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { AppError } from '../../lib/app-error';
import { isIpAllowed, parseIpWhitelist } from '../../lib/ip-whitelist';
import { openAppSecretKept } from '../callbacks/opened-app-secrets';
import { claimNonce, findApiClient } from './api-client.repository';
import { readRawBody } from './raw-body';
import {
  API_HEADERS,
  APP_ID_PATTERN,
  isRequestSignatureValid,
  isTimestampFresh,
  isTimestampInSeconds,
  NONCE_PATTERN,
  TIMESTAMP_PATTERN,
} from './signature';

/**
 * Who is calling /api/v1, decided before the body is even parsed. Rules, in order; each refusal
 * has its own code and changes nothing (no nonce is recorded, no order is touched):
 * 1. X-App-Id, X-Timestamp, X-Nonce and X-Signature are present and well formed (2001).
 * 2. X-Timestamp is within 5 minutes of the server's clock, either way (2002).
 * 3. X-App-Id names an application that is not deleted, of a merchant who is not disabled (2001).
 * 4. X-Signature is the HMAC of this request under the application's current APPSECRET,
 *    compared in constant time (2004). Only now is the caller known to hold the secret.
 * 5. The caller's IP is in the application's IP whitelist, when it has one (2005).
 * 6. The application's request budget is not spent (429).
 * 7. The nonce is recorded, once: a replay within the window is refused (2003). The record is
 *    the database's, so it holds across nodes; it is written last, so a forged or refused
 *    request burns no nonce of the real client.
 *
 * A route may defer rule 7 to its write (the collection create claims its nonce in the very
 * statement that writes its order: one commit for both, see order.service.ts). Its answers stay
 * the same: a request that fails before that write (a malformed body, a schema error, a rule of
 * the service) claims its nonce first (claimDeferredNonce), so a replay is still 2003 before
 * anything else, and a first try still burns its nonce.
 */
export interface ApiClient {
  applicationId: number;
  merchantId: number;
  appId: string;
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The application of a signed /api/v1 request (set by api-auth.ts); null elsewhere. */
    apiClient: ApiClient | null;
  }
}

interface SignatureHeaders {
  appId: string;
  timestamp: string;
  nonce: string;
  signature: string;
}

function readHeader(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return typeof value === 'string' ? value : undefined;
}

/** The four headers, or a 2001 when one is missing or malformed. */
function readSignatureHeaders(request: FastifyRequest): SignatureHeaders {
  const appId = readHeader(request, API_HEADERS.appId);
  const timestamp = readHeader(request, API_HEADERS.timestamp);
  const nonce = readHeader(request, API_HEADERS.nonce);
  const signature = readHeader(request, API_HEADERS.signature);
  if (
    appId === undefined ||
    timestamp === undefined ||
    nonce === undefined ||
    signature === undefined ||
    !APP_ID_PATTERN.test(appId) ||
    !TIMESTAMP_PATTERN.test(timestamp) ||
    !NONCE_PATTERN.test(nonce)
  ) {
    throw new AppError(ErrorCode.API_AUTH_INVALID);
  }
  return { appId, timestamp, nonce, signature };
}

/** An application that may call: not deleted, of a merchant who is not disabled. */
const isUsable = (app: Awaited<ReturnType<typeof findApiClient>>) =>
  app !== undefined && app !== null && app.deletedAt === null && app.merchantStatus === 'active';

/**
 * Rules 1 to 5: sets `request.apiClient`. A refusal once the X-App-Id names a usable application
 * (2002, 2004, 2005) carries that application's budget, not counted (ApiRateLimit.show); one
 * before (a missing or malformed header, an unknown, deleted or disabled application) has none.
 */
export async function verifySignedRequest(request: FastifyRequest, reply: FastifyReply): Promise<void> {
  const { db, now, secrets } = request.server;
  const headers = readSignatureHeaders(request);
  if (!isTimestampFresh(headers.timestamp, now())) {
    const app = await findApiClient(db, headers.appId);
    if (isUsable(app) && app) await apiRateLimitOf(request.server).show(request, reply, app.id);
    throw new AppError(ErrorCode.API_TIMESTAMP_OUT_OF_WINDOW, {
      ...(isTimestampInSeconds(headers.timestamp, now())
        ? { variant: 'apiTimestampInSeconds' as const }
        : {}),
    });
  }
  const app = await findApiClient(db, headers.appId);
  if (!app || !isUsable(app)) {
    // Said apart from a header fault: the shop's developer looks at the application, not the code.
    throw new AppError(ErrorCode.API_AUTH_INVALID, { variant: 'apiApplicationUnavailable' });
  }
  // Opened once per application, version and sealed value (the callback worker's keeping).
  const secret = openAppSecretKept(secrets, app.id, app.secretVersion, app.secretSealed);
  const signed = {
    timestamp: headers.timestamp,
    nonce: headers.nonce,
    method: request.method,
    pathWithQuery: request.url,
    body: readRawBody(request),
  };
  if (!isRequestSignatureValid(secret, signed, headers.signature)) {
    await apiRateLimitOf(request.server).show(request, reply, app.id);
    throw new AppError(ErrorCode.API_SIGNATURE_INVALID);
  }
  const whitelist = parseIpWhitelist(app.ipWhitelist);
  // A stored list that no longer parses lets nobody through rather than everybody.
  if (!whitelist.ok || !isIpAllowed(whitelist.entries, request.ip)) {
    await apiRateLimitOf(request.server).show(request, reply, app.id);
    // The address the server saw: behind a proxy it may not be the one the shop expects.
    throw new AppError(ErrorCode.API_IP_NOT_ALLOWED, { messageParams: { ip: request.ip } });
  }
  request.apiClient = { applicationId: app.id, merchantId: app.merchantId, appId: app.appId };
}

/**
 * Rule 6: API_RATE_LIMIT calls a minute per application, /api/v1 and the epusdt endpoint in one
 * budget. One limiter per server for both (its local store is its own: two limiters would count
 * apart on a node without Redis), keyed by the application each request was authenticated as.
 * Each counted answer tells the budget (RateLimit-Limit, RateLimit-Remaining, RateLimit-Reset in
 * seconds, as the IETF draft names them); a refused one adds Retry-After.
 */
export interface ApiRateLimit {
  /** Counts the request for `applicationId`, sets the headers; the seconds to wait when over the budget, else null. */
  check(request: FastifyRequest, reply: FastifyReply, applicationId: number): Promise<number | null>;
  /** Sets the headers of `applicationId`'s budget without counting the request (a refusal before rule 6). */
  show(request: FastifyRequest, reply: FastifyReply, applicationId: number): Promise<void>;
}

type LimitOutcome = { max: number; remaining: number; ttlInSeconds: number };
function setBudgetHeaders(reply: FastifyReply, outcome: LimitOutcome) {
  reply.header('ratelimit-limit', String(outcome.max));
  reply.header('ratelimit-remaining', String(outcome.remaining));
  reply.header('ratelimit-reset', String(Math.max(0, outcome.ttlInSeconds)));
}

const apiRateLimits = new WeakMap<object, ApiRateLimit>();

export function apiRateLimitOf(app: FastifyInstance): ApiRateLimit {
  let shared = apiRateLimits.get(app.config);
  if (!shared) {
    const callers = new WeakMap<FastifyRequest, number>();
    const limiter = app.createRateLimit({
      max: app.config.apiRateLimit,
      timeWindow: 60_000,
      keyGenerator: (request) => `api-app:${callers.get(request)}`,
    });
    shared = {
      async check(request, reply, applicationId) {
        callers.set(request, applicationId);
        const outcome = await limiter(request);
        if (outcome.isAllowed) return null;
        setBudgetHeaders(reply, outcome);
        if (!outcome.isExceeded) return null;
        const wait = Math.max(1, outcome.ttlInSeconds);
        reply.header('retry-after', String(wait));
        return wait;
      },
      async show(request, reply, applicationId) {
        callers.set(request, applicationId);
        const outcome = await limiter(request, { increment: false });
        if (!outcome.isAllowed) setBudgetHeaders(reply, outcome);
      },
    };
    apiRateLimits.set(app.config, shared);
  }
  return shared;
}

/** Rule 6 as a hook of the signed routes: 429 with Retry-After when over the budget. */
export function createApiRateLimit(app: FastifyInstance): preValidationAsyncHookHandler {
  const limit = apiRateLimitOf(app);
  return async (request, reply) => {
    const wait = await limit.check(request, reply, requireApiClient(request).applicationId);
    if (wait !== null) throw new AppError(ErrorCode.TOO_MANY_REQUESTS);
  };
}

/** Rule 7. */
export async function claimRequestNonce(request: FastifyRequest): Promise<void> {
  const client = requireApiClient(request);
  const nonce = readHeader(request, API_HEADERS.nonce) ?? '';
  if (!(await claimNonce(request.server.db, client.applicationId, nonce, request.server.now()))) {
    throw new AppError(ErrorCode.API_NONCE_REUSED);
  }
}

/** A nonce whose claim was deferred to a write: its row, and its claim by itself (2003 when taken). */
export interface DeferredNonce {
  applicationId: number;
  nonce: string;
  seenAt: Date;
  claimAlone(): Promise<void>;
}

const deferredNonces = new WeakMap<FastifyRequest, { nonce: DeferredNonce; taken: boolean }>();

/** Rule 7, deferred (in place of claimRequestNonce). */
export async function deferRequestNonce(request: FastifyRequest): Promise<void> {
  const client = requireApiClient(request);
  const claim = {
    applicationId: client.applicationId,
    nonce: readHeader(request, API_HEADERS.nonce) ?? '',
    seenAt: request.server.now(),
  };
  const nonce: DeferredNonce = {
    ...claim,
    async claimAlone() {
      if (!(await claimNonce(request.server.db, claim.applicationId, claim.nonce, claim.seenAt))) {
        throw new AppError(ErrorCode.API_NONCE_REUSED);
      }
    },
  };
  deferredNonces.set(request, { nonce, taken: false });
}

/** The deferred nonce, handed to the write that claims it (once; undefined afterwards, or when none was deferred). */
export function takeDeferredNonce(request: FastifyRequest): DeferredNonce | undefined {
  const entry = deferredNonces.get(request);
  if (!entry || entry.taken) return undefined;
  entry.taken = true;
  return entry.nonce;
}

/** A request failing before its write claims its deferred nonce now: 2003 when taken, as rule 7 answers first. */
export async function claimDeferredNonce(request: FastifyRequest): Promise<void> {
  await takeDeferredNonce(request)?.claimAlone();
}

export function requireApiClient(request: FastifyRequest): ApiClient {
  if (!request.apiClient) throw new AppError(ErrorCode.API_AUTH_INVALID);
  return request.apiClient;
}
