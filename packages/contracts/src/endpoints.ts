import { z } from 'zod';
import { accountInfo, loginBody, loginResult, merchantInfo } from './merchant';
import { chain, coin, exchangeRate } from './reference';

/**
 * Every /front call, declared once: the server registers its routes from these entries,
 * the web client takes its types from them and the OpenAPI document is generated from them.
 * `encoding` is the body encoding SPEC section 7 gives the path (form, json or multipart).
 */
export const BASE_PATH = '/front';

export type Encoding = 'form' | 'json' | 'multipart' | 'none';

export interface EndpointDef<
  B extends z.ZodType = z.ZodType,
  Q extends z.ZodType = z.ZodType,
  R extends z.ZodType = z.ZodType,
> {
  method: 'GET' | 'POST';
  path: string;
  encoding: Encoding;
  /** Whether the call needs the `x-auth-token` header. */
  auth: boolean;
  summary: string;
  tag: string;
  body?: B;
  query?: Q;
  response: R;
}

function endpoint<B extends z.ZodType, Q extends z.ZodType, R extends z.ZodType>(def: EndpointDef<B, Q, R>) {
  return def;
}

const empty = z.object({});

export const endpoints = {
  login: endpoint({
    method: 'POST',
    path: '/login',
    encoding: 'form',
    auth: false,
    summary: 'Log in with email and password',
    tag: 'auth',
    body: loginBody,
    response: loginResult,
  }),
  logout: endpoint({
    method: 'POST',
    path: '/admin/login-out',
    encoding: 'multipart',
    auth: true,
    summary: 'Revoke the calling token',
    tag: 'auth',
    body: empty,
    response: z.null(),
  }),
  merchantInfo: endpoint({
    method: 'GET',
    path: '/merchant/info',
    encoding: 'none',
    auth: true,
    summary: 'The logged-in merchant',
    tag: 'merchant',
    response: merchantInfo,
  }),
  accountInfo: endpoint({
    method: 'GET',
    path: '/merchant/account/info',
    encoding: 'none',
    auth: true,
    summary: 'Balances per currency and their total in USDT',
    tag: 'merchant',
    response: accountInfo,
  }),
  coinList: endpoint({
    method: 'GET',
    path: '/config/coinList',
    encoding: 'none',
    auth: false,
    summary: 'Every currency on every chain',
    tag: 'config',
    response: z.array(coin),
  }),
  chainList: endpoint({
    method: 'GET',
    path: '/config/chainList',
    encoding: 'none',
    auth: false,
    summary: 'Supported chains',
    tag: 'config',
    response: z.array(chain),
  }),
  exchangeRateList: endpoint({
    method: 'GET',
    path: '/config/exchangeRateList',
    encoding: 'none',
    auth: false,
    summary: 'Exchange rates to USDT',
    tag: 'config',
    response: z.array(exchangeRate),
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` of a successful response of an endpoint. */
export type ResponseData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
