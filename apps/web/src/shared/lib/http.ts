import type { Endpoints, Envelope, ResponseData } from '@tollgate/contracts';
import { BASE_PATH, ENDPOINT_ROUTES, type EndpointName } from '@tollgate/contracts/endpoint-routes';
import { ErrorCode, SESSION_ENDING_CODES } from '@tollgate/contracts/errors';
import type { z } from 'zod';
import { ApiError, REQUEST_FAILED_CODE } from './api-error';
import { encodeBody, toSearchParams } from './http-encoding';
import { i18n, translateOr } from './i18n';
import { readLanguage, toLangHeader } from './language';
import {
  clearOpsSession,
  hasOpsSessionEnded,
  isOpsPath,
  OPS_LOGIN_PATH,
  OPS_TOKEN_HEADER_NAME,
  readOpsToken,
} from './ops-session';
import { clearSession, hasSessionEnded, readToken } from './session';

/**
 * The one HTTP client for /front, typed by the contracts `endpoints` registry: the endpoint
 * name picks method, path and body encoding (from the zod-free `ENDPOINT_ROUTES`, so the
 * schemas stay out of the app's first load); its schemas type the payload and the result.
 * It owns the envelope rule (code 0 or an ApiError) and the session rule (401/4000 end it, and
 * once ended, calls that need it are refused here without being sent).
 * The operator console's calls (/ops) carry the operator's token instead of the merchant's,
 * and a 401/4000 there ends the operator's session only, sending the browser to /ops/login.
 */
export { ApiError, REQUEST_FAILED_CODE };
export const REQUEST_TIMEOUT_MS = 60_000;
export const DOWNLOAD_TIMEOUT_MS = 120_000;

type Def<N extends EndpointName> = Endpoints[N];
type InputOf<S> = S extends z.ZodType ? z.input<S> : Record<string, unknown>;
export type EndpointPayload<N extends EndpointName> = Def<N>['method'] extends 'GET'
  ? InputOf<NonNullable<Def<N>['query']>>
  : InputOf<NonNullable<Def<N>['body']>>;

export interface RequestOptions {
  signal?: AbortSignal;
  /** Downloads get the longer timeout of SPEC section 9. */
  isDownload?: boolean;
  timeoutMs?: number;
  /** Non-zero codes returned to the caller instead of thrown (login's 601, SPEC section 4). */
  resolveCodes?: readonly number[];
  /** The token to send instead of the stored one: logout's, sent after the session was dropped. */
  token?: string;
}

let handleSessionEnd: () => void = () => window.location.assign('/login');

/** The app installs a router-aware handler; the default is a plain page load of /login. */
export function setSessionEndHandler(handler: () => void) {
  handleSessionEnd = handler;
}

let handleOpsSessionEnd: () => void = () => window.location.assign(OPS_LOGIN_PATH);

/** The console's layout installs its own; the default is a plain page load of /ops/login. */
export function setOpsSessionEndHandler(handler: () => void) {
  handleOpsSessionEnd = handler;
}

/** Send a call and return its whole envelope (code 0, or one of `resolveCodes`). */
export async function requestEnvelope<N extends EndpointName>(
  name: N,
  payload?: EndpointPayload<N>,
  options: RequestOptions = {},
): Promise<Envelope<unknown>> {
  const def = ENDPOINT_ROUTES[name];
  const language = toLangHeader(readLanguage());
  const fields = withLangCode(payload as Record<string, unknown> | undefined, language);
  const query = toSearchParams(def.method === 'GET' ? fields : {});
  query.set('v', String(Date.now()));
  const headers: Record<string, string> = { accept: 'application/json', lang: language };
  // Each kind of account sends only its own token: never the merchant's to /ops, nor the reverse.
  const isOpsCall = def.auth === 'operator' || isOpsPath(def.path);
  const token = options.token ?? (isOpsCall ? readOpsToken() : readToken());
  // The session ended here (logout, a 401): what still asks for it is not sent, only refused.
  if (def.auth && !token && (isOpsCall ? hasOpsSessionEnded() : hasSessionEnded())) {
    throw new ApiError(
      ErrorCode.UNAUTHORIZED,
      translateOr('messages.errors.unauthorized', 'common.requestFailed'),
    );
  }
  if (token) headers[isOpsCall ? OPS_TOKEN_HEADER_NAME : 'x-auth-token'] = token;
  const body = def.method === 'GET' ? undefined : encodeBody(def.encoding, fields, headers);

  const envelope = await fetchEnvelope(
    `${BASE_PATH}${def.path}?${query}`,
    { method: def.method, headers, body },
    options,
  );
  if (SESSION_ENDING_CODES.includes(envelope.code)) {
    if (isOpsCall) {
      clearOpsSession();
      handleOpsSessionEnd();
    } else {
      clearSession();
      handleSessionEnd();
    }
  }
  if (envelope.code !== 0 && !options.resolveCodes?.includes(envelope.code)) {
    throw new ApiError(envelope.code, envelope.message, envelope.data);
  }
  return envelope;
}

/** Send a call and return its `data`; every non-zero code throws an ApiError. */
export async function callEndpoint<N extends EndpointName>(
  name: N,
  payload?: EndpointPayload<N>,
  options: Omit<RequestOptions, 'resolveCodes'> = {},
): Promise<ResponseData<N>> {
  const envelope = await requestEnvelope(name, payload, options);
  return envelope.data as ResponseData<N>;
}

/**
 * POST a multipart form to a URL another call handed out (an upload policy's `url`): the
 * envelope rule applies, and no token is sent, since the signed fields are the credential.
 */
export async function postFormTo<T>(url: string, form: FormData, options: RequestOptions = {}): Promise<T> {
  const headers = { accept: 'application/json', lang: toLangHeader(readLanguage()) };
  const envelope = await fetchEnvelope(url, { method: 'POST', headers, body: form }, options);
  if (envelope.code !== 0) throw new ApiError(envelope.code, envelope.message, envelope.data);
  return envelope.data as T;
}

function withLangCode(payload: Record<string, unknown> | undefined, language: string) {
  const fields = { ...(payload ?? {}) };
  if (fields.langCode === undefined || fields.langCode === '') fields.langCode = language;
  return fields;
}

async function fetchEnvelope(
  url: string,
  init: RequestInit,
  options: RequestOptions,
): Promise<Envelope<unknown>> {
  const timeoutMs = options.timeoutMs ?? (options.isDownload ? DOWNLOAD_TIMEOUT_MS : REQUEST_TIMEOUT_MS);
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  const abortFromCaller = () => controller.abort(options.signal?.reason);
  options.signal?.addEventListener('abort', abortFromCaller, { once: true });
  try {
    const response = await fetch(url, { ...init, signal: controller.signal });
    // The envelope is read whatever the HTTP status: a 400 or 401 still carries code and message.
    return parseEnvelope(await response.text());
  } catch (error) {
    if (options.signal?.aborted) throw error; // the caller cancelled; not a failure to report
    if (error instanceof ApiError) throw error;
    throw new ApiError(REQUEST_FAILED_CODE, i18n.t('common.requestFailed'), null);
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', abortFromCaller);
  }
}

function parseEnvelope(text: string): Envelope<unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new ApiError(REQUEST_FAILED_CODE, i18n.t('common.requestFailed'), null);
  }
  const raw = (parsed ?? {}) as { code?: unknown; data?: unknown; message?: unknown; msg?: unknown };
  if (typeof raw.code !== 'number')
    throw new ApiError(REQUEST_FAILED_CODE, i18n.t('common.requestFailed'), null);
  const message = typeof raw.message === 'string' ? raw.message : typeof raw.msg === 'string' ? raw.msg : '';
  return { code: raw.code, data: raw.data ?? null, message };
}
