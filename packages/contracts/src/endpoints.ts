import { z } from 'zod';
import {
  checkLoginResult,
  country,
  emailBody,
  emailCodeBody,
  emailCodePasswordBody,
  googleBindBody,
  googleCheckResult,
  loginBody,
  merchantProfile,
  registerResult,
  setPhoneBody,
  updatePasswordBody,
} from './account';
import { accountInfo, loginResult, merchantInfo } from './merchant';
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
    summary: 'Log in with email or phone, password or email code, and the Google code after a 601',
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
  // Registration: mail a code, check it, then create the account with it.
  sendRegisterCode: endpoint({
    method: 'POST',
    path: '/reg/mail/code',
    encoding: 'form',
    auth: false,
    summary: 'Mail a 6-digit registration code',
    tag: 'registration',
    body: emailBody,
    response: z.null(),
  }),
  verifyRegisterCode: endpoint({
    method: 'POST',
    path: '/register/email/codeVerify',
    encoding: 'form',
    auth: false,
    summary: 'Check a registration code without using it up',
    tag: 'registration',
    body: emailCodeBody,
    response: z.null(),
  }),
  registerByEmail: endpoint({
    method: 'POST',
    path: '/register/email',
    encoding: 'form',
    auth: false,
    summary: 'Create the account (uses the code up)',
    tag: 'registration',
    body: emailCodePasswordBody,
    response: registerResult,
  }),
  // Login helpers.
  sendLoginCode: endpoint({
    method: 'POST',
    path: '/login/sendEmailCode',
    encoding: 'form',
    auth: false,
    summary: 'Mail a 6-digit login code',
    tag: 'auth',
    body: emailBody,
    response: z.null(),
  }),
  countryList: endpoint({
    method: 'POST',
    path: '/otc/merchant-sys/support/country',
    encoding: 'multipart',
    auth: false,
    summary: 'Countries and their dial codes, for the phone login tab',
    tag: 'auth',
    body: empty,
    response: z.array(country),
  }),
  checkLogin: endpoint({
    method: 'POST',
    path: '/otc/merchant-sys/check/login',
    encoding: 'multipart',
    auth: false,
    summary: 'Whether the x-auth-token sent (if any) is still valid',
    tag: 'auth',
    body: empty,
    response: checkLoginResult,
  }),
  // Forgot password: mail a code, check it, then set the new password with it.
  sendResetCode: endpoint({
    method: 'POST',
    path: '/v1/reset/emailCode',
    encoding: 'form',
    auth: false,
    summary: 'Mail a 6-digit password-reset code',
    tag: 'password',
    body: emailBody,
    response: z.null(),
  }),
  verifyResetCode: endpoint({
    method: 'POST',
    path: '/reset/login/verify',
    encoding: 'form',
    auth: false,
    summary: 'Check a reset code without using it up',
    tag: 'password',
    body: emailCodeBody,
    response: z.null(),
  }),
  resetPassword: endpoint({
    method: 'POST',
    path: '/reset/login/password',
    encoding: 'form',
    auth: false,
    summary: 'Set a new password with the reset code; revokes every session',
    tag: 'password',
    body: emailCodePasswordBody,
    response: z.null(),
  }),
  // Change password while logged in.
  sendPasswordChangeCode: endpoint({
    method: 'POST',
    path: '/email/update/password/code',
    encoding: 'form',
    auth: true,
    summary: "Mail a 6-digit code to the logged-in merchant's email",
    tag: 'password',
    body: empty,
    response: z.null(),
  }),
  updatePassword: endpoint({
    method: 'POST',
    path: '/update/password',
    encoding: 'form',
    auth: true,
    summary: 'Change the password; revokes every other session',
    tag: 'password',
    body: updatePasswordBody,
    response: z.null(),
  }),
  // Google Authenticator.
  googleCheck: endpoint({
    method: 'GET',
    path: '/google/check',
    encoding: 'none',
    auth: true,
    summary: 'Whether Google Authenticator is bound; while not, the pending secret to bind',
    tag: 'google',
    response: googleCheckResult,
  }),
  googleBind: endpoint({
    method: 'POST',
    path: '/google/send',
    encoding: 'json',
    auth: true,
    summary: 'Bind the pending secret (password and a current code)',
    tag: 'google',
    body: googleBindBody,
    response: z.null(),
  }),
  googleUnbind: endpoint({
    method: 'POST',
    path: '/google/remove',
    encoding: 'json',
    auth: true,
    summary: 'Unbind Google Authenticator (password and a current code)',
    tag: 'google',
    body: googleBindBody,
    response: z.null(),
  }),
  // Merchant info page.
  pageUserInfo: endpoint({
    method: 'POST',
    path: '/userConfigFeign/pageUserInfo',
    encoding: 'json',
    auth: true,
    summary: 'Merchant ID, login account, registration time, phone and the last ten logins',
    tag: 'merchant',
    body: empty,
    response: merchantProfile,
  }),
  loginInfo: endpoint({
    method: 'POST',
    path: '/otc/merchant-sys/login-info',
    encoding: 'multipart',
    auth: true,
    summary: 'The same profile as pageUserInfo, for the login-history panel',
    tag: 'merchant',
    body: empty,
    response: merchantProfile,
  }),
  setPhone: endpoint({
    method: 'POST',
    path: '/merchant/phone',
    encoding: 'json',
    auth: true,
    summary: 'Set the phone number used by the phone login tab (password confirms it)',
    tag: 'merchant',
    body: setPhoneBody,
    response: z.null(),
  }),
} as const;

export type Endpoints = typeof endpoints;
export type EndpointName = keyof Endpoints;
/** The `data` of a successful response of an endpoint. */
export type ResponseData<N extends EndpointName> = z.infer<Endpoints[N]['response']>;
